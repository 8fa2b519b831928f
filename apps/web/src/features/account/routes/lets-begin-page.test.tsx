import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { getSession, signIn } from '../../../lib/session.ts';
import { renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { LetsBeginPage } from './lets-begin-page.tsx';

const newcomer = {
  id: 7,
  name: '',
  email: null,
  phone: '+9779812345670',
  role: 'user',
  monastery_id: null,
} as const;

function renderPage(path = '/lets-begin?redirect=%2Forders') {
  signIn({ token: 'new-token', user: newcomer });
  return renderRoutes(
    [
      { path: '/lets-begin', element: <LetsBeginPage /> },
      { path: '/orders', element: <p>Orders page</p> },
      { path: '/monasteries', element: <p>Monasteries page</p> },
    ],
    path,
  );
}

/** The form data of the save. */
function savedBody(fetchMock: ReturnType<typeof stubApi>): FormData {
  return fetchMock.mock.calls.find(([input]) => String(input) === '/api/update-user-details')?.[1]
    ?.body as FormData;
}

afterEach(() => {
  sessionStorage.clear();
});

describe('LetsBeginPage', () => {
  it('asks for the name at once, on one screen, with the e-mail optional beside it', () => {
    stubApi({});
    renderPage();

    expect(
      screen.getByText('Tashi Delek, and welcome! Before we begin, may we know your full name?'),
    ).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /Full Name/ });
    expect(name).toBeRequired();
    expect(name).toHaveFocus();
    const email = screen.getByRole('textbox', { name: /E-mail \(optional\)/ });
    expect(email).not.toBeRequired();
    expect(email).toHaveAccessibleDescription(/receipts/);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('says on the name field when it is not a full name, and sends nothing', async () => {
    const fetchMock = stubApi({});
    renderPage();
    const events = userEvent.setup();

    const name = screen.getByRole('textbox', { name: /Full Name/ });
    await events.type(name, 'Tenzin');
    await events.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(name).toHaveAccessibleDescription('Oops, can you give us your full name?'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/update-user-details')).toEqual(
      [],
    );
  });

  it('saves the name alone and goes on to the page the patron came from', async () => {
    const saved = { ...newcomer, name: 'Tenzin Norbu' };
    const fetchMock = stubApi({ '/api/update-user-details': { body: { user: saved } } });
    const { router } = renderPage();
    const events = userEvent.setup();

    await events.type(screen.getByRole('textbox', { name: /Full Name/ }), 'Tenzin Norbu{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    const body = savedBody(fetchMock);
    expect([body.get('_method'), body.get('name'), body.get('email')]).toEqual([
      'patch',
      'Tenzin Norbu',
      null,
    ]);
    expect(getSession()).toMatchObject({ name: 'Tenzin Norbu', email: null });
  });

  it('saves an e-mail given, and says on its field when it is taken', async () => {
    const fetchMock = stubApi({
      '/api/update-user-details': {
        status: 422,
        body: { message: 'Email already exists', errors: { email: ['Email already exists'] } },
      },
    });
    const { router } = renderPage('/lets-begin');
    const events = userEvent.setup();

    await events.type(screen.getByRole('textbox', { name: /Full Name/ }), 'Tenzin Norbu');
    const email = screen.getByRole('textbox', { name: /E-mail/ });
    await events.type(email, 'Admin@Example.com');
    await events.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(email).toHaveAccessibleDescription(/Email already exists/));
    expect(savedBody(fetchMock).get('email')).toBe('admin@example.com');
    expect(router.state.location.pathname).toBe('/lets-begin');
    expect(getSession().name).toBe('');
  });

  it('keeps what was typed through a reload of the page', async () => {
    stubApi({});
    const first = renderPage();
    const events = userEvent.setup();
    await events.type(screen.getByRole('textbox', { name: /Full Name/ }), 'Pema Lhamo');
    await events.type(screen.getByRole('textbox', { name: /E-mail/ }), 'pema@example.org');
    first.unmount();

    renderPage();
    expect(screen.getByRole('textbox', { name: /Full Name/ })).toHaveValue('Pema Lhamo');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveValue('pema@example.org');
  });

  it('does not show one account’s draft to another', async () => {
    stubApi({});
    const first = renderPage();
    await userEvent.setup().type(screen.getByRole('textbox', { name: /Full Name/ }), 'Pema Lhamo');
    first.unmount();

    signIn({ token: 'other-token', user: { ...newcomer, id: 8 } });
    renderRoutes([{ path: '/lets-begin', element: <LetsBeginPage /> }], '/lets-begin');
    expect(screen.getByRole('textbox', { name: /Full Name/ })).toHaveValue('');
  });
});
