import { notifications } from '@mantine/notifications';
import { monasteryListResponseSchema } from '@puja/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, ContractMismatchError } from './api-client.ts';
import { getSession, SIGNED_OUT, sessionEnding, signIn } from './session.ts';
import { onSessionExpired } from './session-expiry.ts';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends the language, the XHR marker and the stored token', async () => {
    window.localStorage.setItem('token', 'abc.def');
    const fetchMock = answer(200, { monasteries: [] });

    await expect(apiRequest('/api/monastery', { schema: monasteryListResponseSchema })).resolves.toEqual({
      monasteries: [],
    });

    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Authorization')).toBe('Bearer abc.def');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = answer(200, {});
    await apiRequest('/api/send-otp', { method: 'POST', body: { code: '+977', phone: '9800000000' } });

    const init = fetchMock.mock.calls[0]![1];
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(init?.method).toBe('POST');
    const form = init?.body as FormData;
    expect(form.get('code')).toBe('+977');
    expect(form.get('phone')).toBe('9800000000');
  });

  it('turns an error body into an ApiError with the message and field errors', async () => {
    answer(400, { message: 'Email already exists', errors: { email: ['Email already exists'] } });

    const error = await apiRequest('/api/user', { method: 'POST', body: {} }).catch((caught) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Email already exists',
      errors: { email: ['Email already exists'] },
    });
  });

  it('never shows a server error text or a body that is not ours', async () => {
    answer(500, { message: 'relation "users" does not exist' });
    await expect(apiRequest('/api/monastery')).rejects.toMatchObject({
      status: 500,
      message: 'Something went wrong on our side. Please try again.',
    });

    answer(502, '<html>Bad gateway</html>');
    await expect(apiRequest('/api/monastery')).rejects.toMatchObject({ status: 502 });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/monastery')).rejects.toMatchObject({
      status: 0,
      message: 'We could not reach the server. Check your connection and try again.',
    });
  });

  it('fails loudly when a response drifts from the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer(200, { monasteries: [{ id: 'one' }] });

    await expect(
      apiRequest('/api/monastery', { schema: monasteryListResponseSchema }),
    ).rejects.toBeInstanceOf(ContractMismatchError);
  });
});

describe('apiRequest with an expired session (docs/product.md#sessions)', () => {
  const patron = { id: 3, name: 'Demo Patron', email: null, phone: '+9779800000003', role: 'user' } as const;
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function watchExpiry() {
    const toast = vi.spyOn(notifications, 'show');
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    return { toast, expired, stop };
  }

  it('a 401 to a call made with a token ends the session: Session Expired, then login', async () => {
    signIn({ token: 'dead-token', user: { ...patron, monastery_id: null } });
    const { toast, expired, stop } = watchExpiry();
    answer(401, { message: 'Please sign in.' });

    await expect(apiRequest('/api/order/create')).rejects.toMatchObject({ status: 401 });

    expect(getSession()).toEqual(SIGNED_OUT);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(sessionEnding()).toBe('expired');
    // The toast module loads on first use (lib/notify.ts).
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Session Expired', color: 'red' }),
      ),
    );
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });

  it('handles several failing calls of one session once', async () => {
    signIn({ token: 'dead-token', user: { ...patron, monastery_id: null } });
    const { toast, expired, stop } = watchExpiry();
    answer(401, { message: 'Please sign in.' });

    await Promise.allSettled([apiRequest('/api/me'), apiRequest('/api/order/create')]);

    expect(expired).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(toast).toHaveBeenCalled());
    expect(toast).toHaveBeenCalledTimes(1);
    stop();
  });

  it('leaves sign-in attempts alone: they carry no token, and their 401 is a wrong code', async () => {
    const { toast, expired, stop } = watchExpiry();
    const fetchMock = answer(401, { message: 'OTP does not match' });

    await expect(
      apiRequest('/api/login-phone', {
        method: 'POST',
        body: { code: '+977', phone: '9800000000', otp: '000000', challenge: 'c'.repeat(43) },
        sendToken: false,
      }),
    ).rejects.toMatchObject({ status: 401, message: 'OTP does not match' });

    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('Authorization')).toBe(false);
    expect(expired).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    stop();
  });

  it('sends a sign-in without the token even when one is stored', async () => {
    signIn({ token: 'live-token', user: { ...patron, monastery_id: null } });
    const { expired, stop } = watchExpiry();
    const fetchMock = answer(401, { message: 'OTP does not match' });

    await apiRequest('/api/login-phone', { method: 'POST', body: {}, sendToken: false }).catch(() => {});

    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('Authorization')).toBe(false);
    expect(getSession().token).toBe('live-token');
    expect(expired).not.toHaveBeenCalled();
    stop();
  });

  it('lets a caller that reports its own failure opt out (logout)', async () => {
    signIn({ token: 'dead-token', user: { ...patron, monastery_id: null } });
    const { expired, stop } = watchExpiry();
    answer(401, { message: 'Please sign in.' });

    await apiRequest('/api/logout', { expireSessionOn401: false }).catch(() => {});

    expect(getSession().token).toBe('dead-token');
    expect(expired).not.toHaveBeenCalled();
    stop();
  });

  it('does not count other failures as an expired session', async () => {
    signIn({ token: 'live-token', user: { ...patron, monastery_id: null } });
    const { expired, stop } = watchExpiry();
    answer(403, { message: 'You may not do this.' });

    await apiRequest('/api/user').catch(() => {});

    expect(getSession().token).toBe('live-token');
    expect(expired).not.toHaveBeenCalled();
    stop();
  });
});
