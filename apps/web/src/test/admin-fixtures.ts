import type { Monastery, Puja, SessionUser } from '@puja/contract';
import { vi } from 'vitest';
import { signIn } from '../lib/session.ts';

export const adminUser: SessionUser = {
  id: 1,
  name: 'Demo Administrator',
  email: 'admin@example.com',
  phone: '+9779800000001',
  role: 'admin',
  monastery_id: null,
};

export function signInAsAdmin(): void {
  signIn({ token: 'admin-token', user: adminUser });
}

export function monastery(overrides: Partial<Monastery> = {}): Monastery {
  return {
    id: 1,
    slug: 'kopan-monastery',
    name: 'Kopan Monastery',
    description: 'A monastery on a hill north of Boudhanath.',
    image_path: '/uploads/kopan.webp',
    status: 1,
    version: 1,
    pujas: [],
    ...overrides,
  };
}

export function puja(overrides: Partial<Puja> = {}): Puja {
  return {
    id: 11,
    slug: 'green-tara-puja',
    name: 'Green Tara Puja',
    description: 'Removes obstacles and fear.',
    image_path: '/uploads/tara.webp',
    status: 1,
    monastery_id: null,
    version: 1,
    ...overrides,
  };
}

export function user(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 3,
    name: 'Demo Patron',
    email: 'patron@example.com',
    phone: '+9779800000003',
    role: 'user',
    monastery_id: null,
    version: 1,
    ...overrides,
  };
}

/** A JSON answer, or with `headers` the body as it is (a CSV). */
type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

/**
 * Stands in for the API by method and path ('POST /api/monastery'): each maps to an answer, or to answers
 * given in turn (the last one repeats); anything else answers 404 like the server. Returns the mock.
 */
/** `GET /api/user`'s answer (and every user write's): one page holding these users. */
export function usersPage(users: SessionUser[], page = { page: 1, total: users.length }) {
  return { users, pageSize: 20, ...page };
}

export function stubRoutes(routes: Record<string, Answer | Answer[]>) {
  const remaining = new Map(Object.entries(routes).map(([route, answer]) => [route, [answer].flat()]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0] ?? '';
    const queue = remaining.get(`${init?.method ?? 'GET'} ${path}`);
    const answer = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    const { status = 200, body, headers } = answer ?? { status: 404, body: { message: 'Not found.' } };
    if (headers) return new Response(body as BodyInit, { status, headers });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to `route` ('POST /api/user'), with their form bodies as plain objects. */
export function callsTo(fetchMock: ReturnType<typeof stubRoutes>, route: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input).split('?')[0]}` === route)
    .map(([, init]) => (init?.body instanceof FormData ? Object.fromEntries(init.body.entries()) : {}));
}

/** jsdom has no object URLs; the picture preview needs one (each test file has its own jsdom). */
export function stubObjectUrls(): void {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
}

/** A tiny PNG file as a browser's file input gives it. */
export function pictureFile(name = 'monastery.png'): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, {
    type: 'image/png',
  });
}
