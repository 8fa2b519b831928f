import { monasteryListResponseSchema } from '@puja/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, ContractMismatchError } from './api-client.ts';

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
