import type { SessionUser } from '@puja/contract';
import type { stubApi } from './render-app.tsx';

/** The demo monastery's staff member (apps/api seed: Demo Kopan Staff). */
export const staffMember: SessionUser = {
  id: 2,
  name: 'Demo Kopan Staff',
  email: 'kopan-staff@example.com',
  phone: '+9779800000002',
  role: 'monastery',
  monastery_id: 1,
};

type FetchMock = ReturnType<typeof stubApi>;

/** The calls made to `path` (without its query) with `method`. */
export function callsTo(fetchMock: FetchMock, path: string, method = 'POST') {
  return fetchMock.mock.calls.filter(
    ([input, init]) => String(input).split('?')[0] === path && (init?.method ?? 'GET') === method,
  );
}

/** The form fields a call sent, files as their names. */
export function fieldsOf(call: Parameters<FetchMock> | undefined): Record<string, string | string[]> {
  const body = call?.[1]?.body;
  if (!(body instanceof FormData)) throw new Error('The call sent no form data');
  const fields: Record<string, string | string[]> = {};
  for (const name of new Set(body.keys())) {
    const values = body.getAll(name).map((value) => (typeof value === 'string' ? value : value.name));
    fields[name] = name.endsWith('[]') ? values : values[0]!;
  }
  return fields;
}

/** The toasts shown, as `colour: title: message`. */
export function toasts(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.map(([toast]) => {
    const { title, message, color } = toast as { title?: string; message: string; color: string };
    return `${color}: ${title ? `${title}: ` : ''}${message}`;
  });
}
