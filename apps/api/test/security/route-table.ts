import { hash } from '@node-rs/argon2';
import { addDays, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import {
  monasteries,
  monasteryPujas,
  orderCertificates,
  orders,
  pujas,
  users,
} from '../../src/db/schema/index.ts';
import { latestCodeFor } from '../session-helpers.ts';
import { MATRIX_VIDEO } from './fuzz-requests.ts';
import { type SecurityWorld, VIEWERS, type ViewerName } from './security-world.ts';

export { MATRIX_VIDEO };

/**
 * Every route the server registers: who gets which answer (the access matrix, access-matrix.test.ts), and
 * a request that is right for it, against the security world's real rows (the fuzzer's starting point,
 * input-fuzz.test.ts).
 */

export type Body = Record<string, unknown>;
export type Builder<T> = T | ((world: SecurityWorld, viewer: ViewerName) => T | Promise<T>);
export interface Entry {
  /** The answer for visitor, patron, other patron, staff, other staff, admin. */
  expect: string;
  /** The path, with the query when there is one. */
  path: Builder<string>;
  body?: Builder<Body>;
  /** Sent as multipart form data, with one picture (or, `file: 'video'`, a short WebM) in this field. */
  form?: { fields: Builder<Record<string, string>>; pictureField: string; file?: 'video' };
}
const entry = (expect: string, path: Builder<string>, extra: Omit<Entry, 'expect' | 'path'> = {}): Entry => ({
  expect,
  path,
  ...extra,
});
const patch = (body: Body) => ({ _method: 'patch', ...body });

/** A signed link the patron's proof of the paid order hands out, or one naming nothing before there is one. */
async function proofLink(
  world: SecurityWorld,
  pick: (video: { url: string; poster_url: string | null }) => string | null,
) {
  const proof = await world.app.inject({
    url: `/api/orders/${world.ids.paidOrder}/proof`,
    headers: { authorization: `Bearer ${await world.tokenOf('patron', { fresh: true })}` },
  });
  const video = proof.json().video;
  return (video && pick(video)) ?? '/api/order-videos/1?expires=0&signature=none';
}
/**
 * A live "Pay for me" link of the patron's unpaid order (docs/decisions/051), made by the patron: only the
 * patron ever holds a token, and whoever they hand it to may read and pay with it.
 */
async function paymentLinkToken(world: SecurityWorld): Promise<string> {
  const made = await world.app.inject({
    method: 'POST',
    url: `/api/order/${world.ids.unpaidOrder}/payment-link`,
    headers: { authorization: `Bearer ${await world.tokenOf('patron', { fresh: true })}` },
    payload: { shows_names: false },
  });
  if (made.statusCode !== 200) throw new Error(`payment link: ${made.statusCode} ${made.body}`);
  return made.json<{ path: string }>().path.replace('/pay/', '');
}

/** The order-day settings' version now, so each viewer's save is from the current one. */
async function orderDaysVersion(world: SecurityWorld): Promise<number> {
  const settings = await world.app.inject({
    url: `/api/monasteries/${world.ids.monastery}/order-days`,
    headers: { authorization: `Bearer ${await world.tokenOf('admin')}` },
  });
  return settings.json<{ version: number }>().version;
}

/** The version of the viewer's own monastery page, so each staff member's save is from the current one. */
async function ownPageVersion(world: SecurityWorld, viewer: ViewerName): Promise<number> {
  if (viewer !== 'staff' && viewer !== 'otherStaff') return 1;
  const page = await world.app.inject({
    url: '/api/monastery-page',
    headers: { authorization: `Bearer ${await world.tokenOf(viewer)}` },
  });
  return page.json<{ monastery: { version: number } }>().monastery.version;
}
/** A pending change to the staff's monastery page for the administrator to decide; any id for the others. */
async function pageProposalToDecide(world: SecurityWorld, viewer: ViewerName): Promise<number> {
  if (viewer !== 'admin') return 1;
  const saved = await world.app.inject({
    method: 'POST',
    url: '/api/monastery-page',
    headers: { authorization: `Bearer ${await world.tokenOf('staff')}` },
    payload: { description: 'Proposed for the matrix.', version: await ownPageVersion(world, 'staff') },
  });
  return saved.json<{ pending: { id: number } }>().pending.id;
}
/**
 * A record's version as stored now: what the form that edits it sends with the save (docs/decisions/040).
 * Read at each call, so a row one viewer changed is sent from its new version by the next. A record that
 * is not there (the fuzzer's ids, one deleted by an earlier viewer) is sent as version 1: the server
 * answers 404 or refuses, which is what is checked.
 */
const versions = {
  monastery: async (world: SecurityWorld, id: number) =>
    (
      await world.db.select({ version: monasteries.version }).from(monasteries).where(eq(monasteries.id, id))
    )[0]?.version ?? 1,
  puja: async (world: SecurityWorld, id: number) =>
    (await world.db.select({ version: pujas.version }).from(pujas).where(eq(pujas.id, id)))[0]?.version ?? 1,
  user: async (world: SecurityWorld, id: number) =>
    (await world.db.select({ version: users.version }).from(users).where(eq(users.id, id)))[0]?.version ?? 1,
  order: async (world: SecurityWorld, id: number) =>
    (await world.db.select({ version: orders.version }).from(orders).where(eq(orders.id, id)))[0]?.version ??
    1,
  /** A monastery's offering of its own puja: the puja's version. */
  offering: async (world: SecurityWorld, pivotId: number) =>
    (
      await world.db
        .select({ version: pujas.version })
        .from(monasteryPujas)
        .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
        .where(eq(monasteryPujas.id, pivotId))
    )[0]?.version ?? 1,
};

/** A closure of its own for each viewer the route lets open one; nobody's for the others. */
async function closureToOpen(world: SecurityWorld, viewer: ViewerName): Promise<number> {
  if (viewer !== 'staff' && viewer !== 'admin') return 1;
  const day = addDays(world.today, 200 + VIEWERS.indexOf(viewer));
  const closed = await world.app.inject({
    method: 'POST',
    url: `/api/monasteries/${world.ids.monastery}/closures`,
    headers: { authorization: `Bearer ${await world.tokenOf('admin')}` },
    payload: { first_day: day, last_day: day, message: 'Opened again by the matrix' },
  });
  const closures = closed.json<{ closures: { id: number; first_day: string }[] }>().closures;
  return closures.find((closure) => closure.first_day === day)!.id;
}
const catalogueItem = (name: string) => ({ name, description: 'Described for the matrix.', status: 1 });
const uniquePhone = (viewer: ViewerName) => `98181000${VIEWERS.indexOf(viewer) + 10}`;
/** Numbers for the log-in row, apart from the send-otp row's, whose codes' challenges nobody keeps. */
const signInPhone = (viewer: ViewerName) => `98182000${VIEWERS.indexOf(viewer) + 10}`;

/** The number each patron asks a code for, and the one each patron moves to (apart, for the throttles). */
const codeForNewPhone = (viewer: ViewerName) => `98183000${VIEWERS.indexOf(viewer) + 10}`;
const newPhone = (viewer: ViewerName) => `98184000${VIEWERS.indexOf(viewer) + 10}`;

/**
 * A right request to move the viewer's account to their new number: the first time, a code is asked for
 * with the viewer's own token and its challenge kept; afterwards the newest code texted there goes with it
 * (once the account has moved, later requests are refused: the number is already theirs). People the route
 * refuses get a well-formed request of nobody's.
 */
const phoneChanges = new Map<string, string>();
async function phoneChange(world: SecurityWorld, viewer: ViewerName): Promise<Body> {
  const phone = newPhone(viewer);
  let challenge = phoneChanges.get(phone);
  if (!challenge && (viewer === 'patron' || viewer === 'otherPatron')) {
    const sent = await world.app.inject({
      method: 'POST',
      url: '/api/me/phone/code',
      headers: { authorization: `Bearer ${await world.tokenOf(viewer, { fresh: true })}` },
      remoteAddress: `10.253.0.${VIEWERS.indexOf(viewer) + 1}`,
      payload: { code: '+977', phone },
    });
    if (sent.statusCode !== 200) throw new Error(`phone code for ${phone}: ${sent.statusCode} ${sent.body}`);
    challenge = sent.json<{ challenge: string }>().challenge;
    phoneChanges.set(phone, challenge);
  }
  return {
    code: '+977',
    phone,
    otp: (await latestCodeFor(world.money.harness, `+977${phone}`)) ?? '123456',
    challenge: challenge ?? 'A'.repeat(43),
  };
}

/**
 * A right request to change the viewer's own password: the viewer's password is set to the one the
 * request names as current first (the row before may have changed it). Patrons and visitors get the same
 * well-formed request.
 */
const CURRENT_PASSWORD = 'matrix current password';
let currentPasswordHash: Promise<string> | undefined;
async function passwordChange(world: SecurityWorld, viewer: ViewerName): Promise<Body> {
  if (viewer === 'staff' || viewer === 'otherStaff' || viewer === 'admin') {
    currentPasswordHash ??= hash(CURRENT_PASSWORD);
    await world.db
      .update(users)
      .set({ passwordHash: await currentPasswordHash })
      .where(eq(users.id, world.people[viewer]));
  }
  return {
    current_password: CURRENT_PASSWORD,
    password: 'matrix new password',
    cpassword: 'matrix new password',
  };
}

/**
 * A right log-in request for the viewer's number, as the browser makes it: the first time, a code is asked
 * for through send-otp and its challenge kept; afterwards that challenge goes with the newest code texted.
 * (Once a log-in has used the code, later ones are answered 401: the fuzzer still gets its 401s and 422s.)
 */
const challenges = new Map<string, string>();
async function phoneLogin(world: SecurityWorld, viewer: ViewerName): Promise<Body> {
  const phone = signInPhone(viewer);
  let challenge = challenges.get(phone);
  if (!challenge) {
    const sent = await world.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      remoteAddress: `10.254.0.${VIEWERS.indexOf(viewer) + 1}`,
      payload: { code: '+977', phone },
    });
    if (sent.statusCode !== 200) throw new Error(`send-otp for ${phone}: ${sent.statusCode} ${sent.body}`);
    challenge = sent.json<{ challenge: string }>().challenge;
    challenges.set(phone, challenge);
  }
  return {
    code: '+977',
    phone,
    otp: await latestCodeFor(world.money.harness, `+977${phone}`),
    challenge,
  };
}

/**
 * The table. Rows run in this order (approving comes before completing, completing before the photo link),
 * and within a row the people expected to be refused go first, so they meet the row as it was.
 */
//                                                           visitor patron other staff other-staff admin
export const ROUTES: Record<string, Entry> = {
  // ---- system and documentation ----
  'GET /healthz': entry('200 200 200 200 200 200', '/healthz'),
  'GET /livez': entry('200 200 200 200 200 200', '/livez'),
  'GET /readyz': entry('200 200 200 200 200 200', '/readyz'),
  // Metrics need the operator's METRICS_TOKEN, which no person's sign-in is.
  'GET /metrics': entry('403 403 403 403 403 403', '/metrics'),
  'GET /api/openapi.json': entry('200 200 200 200 200 200', '/api/openapi.json'),
  'GET /api/docs': entry('200 200 200 200 200 200', '/api/docs'),
  'GET /api/docs/static/index.html': entry('302 302 302 302 302 302', '/api/docs/static/index.html'),
  'GET /api/docs/static/swagger-initializer.js': entry(
    '200 200 200 200 200 200',
    '/api/docs/static/swagger-initializer.js',
  ),
  'GET /api/docs/json': entry('200 200 200 200 200 200', '/api/docs/json'),
  'GET /api/docs/yaml': entry('200 200 200 200 200 200', '/api/docs/yaml'),
  'GET /api/docs/static/*': entry('200 200 200 200 200 200', '/api/docs/static/swagger-ui.css'),
  'GET /api/client-config': entry('200 200 200 200 200 200', '/api/client-config'),
  // No web app is built in tests, and no such upload exists.
  'GET /': entry('404 404 404 404 404 404', '/'),
  'GET /uploads/*': entry('404 404 404 404 404 404', '/uploads/nothing-here.webp'),
  'GET /images/*': entry('404 404 404 404 404 404', '/images/catalogue/nothing-here.webp/640.avif'),
  'GET /sitemap.xml': entry('200 200 200 200 200 200', '/sitemap.xml'),
  'GET /robots.txt': entry('200 200 200 200 200 200', '/robots.txt'),

  // ---- the public catalogue ----
  'GET /api/monastery': entry('200 200 200 200 200 200', '/api/monastery'),
  'GET /api/monastery/:slugOrId/edit': entry('200 200 200 200 200 200', '/api/monastery/money-gompa/edit'),
  'GET /api/puja': entry('200 200 200 200 200 200', '/api/puja'),
  'GET /api/puja/:slugOrId/edit': entry('200 200 200 200 200 200', (w) => `/api/puja/${w.ids.puja}/edit`),
  'GET /api/get-monastery-puja': entry('200 200 200 200 200 200', '/api/get-monastery-puja'),
  'GET /api/exchange-rates': entry('200 200 200 200 200 200', '/api/exchange-rates'),

  // ---- sign-in and one's own account ----
  'POST /api/send-otp': entry('200 200 200 200 200 200', '/api/send-otp', {
    body: (_w, viewer) => ({ code: '+977', phone: uniquePhone(viewer) }),
  }),
  'POST /api/login-phone': entry('200 200 200 200 200 200', '/api/login-phone', { body: phoneLogin }),
  'POST /api/login': entry('200 200 200 200 200 200', '/api/login', { body: (w) => w.passwordLogin }),
  'GET /api/me': entry('401 200 200 200 200 200', '/api/me'),
  'POST /api/update-user-details': entry('401 200 200 200 200 200', '/api/update-user-details', {
    body: (_w, viewer) => patch({ name: `Matrix ${viewer}`, email: `${viewer}@matrix.test` }),
  }),
  'PATCH /api/update-user-details': entry('401 200 200 200 200 200', '/api/update-user-details', {
    body: (_w, viewer) => ({ name: `Matrix ${viewer} Again`, email: `${viewer}@matrix.test` }),
  }),
  'POST /api/me/language': entry('401 200 200 200 200 200', '/api/me/language', {
    body: patch({ language: 'ne' }),
  }),
  'PATCH /api/me/language': entry('401 200 200 200 200 200', '/api/me/language', {
    body: { language: 'zh-Hant' },
  }),
  'POST /api/me/email-notices': entry('401 200 200 200 200 200', '/api/me/email-notices', {
    body: patch({ email_notices: false }),
  }),
  'PATCH /api/me/email-notices': entry('401 200 200 200 200 200', '/api/me/email-notices', {
    body: { email_notices: true },
  }),
  'POST /api/me/reminders': entry('401 200 200 200 200 200', '/api/me/reminders', {
    body: patch({ reminder_channel: 'email', time_zone: 'Australia/Sydney' }),
  }),
  'PATCH /api/me/reminders': entry('401 200 200 200 200 200', '/api/me/reminders', {
    body: { reminder_channel: 'sms' },
  }),
  'GET /api/me/staff-notices': entry('401 403 403 200 200 403', '/api/me/staff-notices'),
  'POST /api/me/staff-notices': entry('401 403 403 200 200 403', '/api/me/staff-notices', {
    body: patch({ sms: true, email: true, push: false, frequency: 'hourly' }),
  }),
  'PATCH /api/me/staff-notices': entry('401 403 403 200 200 403', '/api/me/staff-notices', {
    body: { sms: true, email: false, push: true, frequency: 'each' },
  }),
  'POST /api/me/push-subscriptions': entry('401 403 403 200 200 403', '/api/me/push-subscriptions', {
    body: (_world, viewer) => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${viewer}`,
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    }),
  }),
  'DELETE /api/me/push-subscriptions': entry(
    '401 403 403 200 200 403',
    (_world, viewer) =>
      `/api/me/push-subscriptions?endpoint=https://fcm.googleapis.com/fcm/send/matrix-${viewer}`,
  ),
  // A monastery's own page (docs/decisions/046): each monastery's staff edit their own; with review on (the
  // default) a save waits for an administrator, who approves or rejects it.
  'GET /api/monastery-page': entry('401 403 403 200 200 403', '/api/monastery-page'),
  'POST /api/monastery-page': entry('401 403 403 200 200 403', '/api/monastery-page', {
    body: async (world, viewer) => ({
      description: 'Our monastery, described by its staff.',
      address: 'Kopan Hill, Kathmandu',
      phone: '+977 1 4821268',
      email: 'office@security.test',
      version: await ownPageVersion(world, viewer),
    }),
  }),
  'GET /api/admin/monastery-pages': entry('401 403 403 403 403 200', '/api/admin/monastery-pages'),
  'POST /api/admin/monastery-pages/:id/approve': entry(
    '401 403 403 403 403 200',
    async (world, viewer) =>
      `/api/admin/monastery-pages/${await pageProposalToDecide(world, viewer)}/approve`,
  ),
  'POST /api/admin/monastery-pages/:id/reject': entry(
    '401 403 403 403 403 200',
    async (world, viewer) => `/api/admin/monastery-pages/${await pageProposalToDecide(world, viewer)}/reject`,
    { body: { reason: 'Please add the opening hours.' } },
  ),
  'GET /api/monastery/team': entry('401 403 403 200 200 403', '/api/monastery/team'),
  // Staff in the world are not leads: a well-formed invitation and removal are refused to everyone.
  'POST /api/monastery/team': entry('401 403 403 403 403 403', '/api/monastery/team', {
    body: (_world, viewer) => ({
      name: 'Ani Matrix',
      code: '+977',
      phone: `98185000${VIEWERS.indexOf(viewer) + 10}`,
    }),
  }),
  'DELETE /api/monastery/team/:id': entry(
    '401 403 403 403 403 403',
    (world) => `/api/monastery/team/${world.people.otherStaff}`,
  ),
  'POST /api/user/:id/lead': entry(
    '401 403 403 403 403 200',
    (world) => `/api/user/${world.people.otherStaff}/lead`,
    {
      body: patch({ is_lead: false }),
    },
  ),
  'PATCH /api/user/:id/lead': entry(
    '401 403 403 403 403 200',
    (world) => `/api/user/${world.people.otherStaff}/lead`,
    {
      body: { is_lead: false },
    },
  ),
  'POST /api/me/currency': entry('401 200 200 200 200 200', '/api/me/currency', {
    body: patch({ currency: 'AUD' }),
  }),
  'PATCH /api/me/currency': entry('401 200 200 200 200 200', '/api/me/currency', {
    body: { currency: 'NPR' },
  }),
  'GET /api/logout': entry('401 200 200 200 200 200', '/api/logout'),
  // A patron's own number; staff and administrators have theirs set by an administrator.
  'POST /api/me/phone/code': entry('401 200 200 403 403 403', '/api/me/phone/code', {
    body: (_w, viewer) => ({ code: '+977', phone: codeForNewPhone(viewer) }),
  }),
  'POST /api/me/phone': entry('401 200 200 403 403 403', '/api/me/phone', { body: phoneChange }),
  // Staff and administrators change their own password (patrons sign in by phone alone).
  'POST /api/me/password': entry('401 403 403 200 200 200', '/api/me/password', { body: passwordChange }),

  // ---- the administrator's catalogue, users, payments and dashboard ----
  'POST /api/monastery': entry('401 403 403 403 403 200', '/api/monastery', {
    form: { fields: { name: 'Matrix Gompa', description: 'Described.', status: '1' }, pictureField: 'image' },
  }),
  'POST /api/monastery/:id': entry(
    '401 403 403 403 403 200',
    (w) => `/api/monastery/${w.ids.adminMonastery}`,
    {
      body: async (w) =>
        patch({
          ...catalogueItem('Admin Gompa Renamed'),
          version: await versions.monastery(w, w.ids.adminMonastery),
        }),
    },
  ),
  'PATCH /api/monastery/:id': entry(
    '401 403 403 403 403 200',
    (w) => `/api/monastery/${w.ids.adminMonastery}`,
    {
      body: async (w) => ({
        ...catalogueItem('Admin Gompa Again'),
        version: await versions.monastery(w, w.ids.adminMonastery),
      }),
    },
  ),
  'DELETE /api/monastery/:id': entry(
    '401 403 403 403 403 200',
    (w) => `/api/monastery/${w.ids.adminMonastery}`,
  ),
  'POST /api/puja': entry('401 403 403 403 403 200', '/api/puja', {
    form: { fields: { name: 'Matrix Puja', description: 'Described.', status: '1' }, pictureField: 'image' },
  }),
  'POST /api/puja/:id': entry('401 403 403 403 403 200', (w) => `/api/puja/${w.ids.adminPuja}`, {
    body: async (w) =>
      patch({ ...catalogueItem('Admin Puja Renamed'), version: await versions.puja(w, w.ids.adminPuja) }),
  }),
  'PATCH /api/puja/:id': entry('401 403 403 403 403 200', (w) => `/api/puja/${w.ids.adminPuja}`, {
    body: async (w) => ({
      ...catalogueItem('Admin Puja Again'),
      version: await versions.puja(w, w.ids.adminPuja),
    }),
  }),
  'DELETE /api/puja/:id': entry('401 403 403 403 403 200', (w) => `/api/puja/${w.ids.adminPuja}`),
  'GET /api/monastery/archived': entry('401 403 403 403 403 200', '/api/monastery/archived?page=1&q=gompa'),
  'POST /api/monastery/:id/restore': entry(
    '401 403 403 403 403 200',
    (w) => `/api/monastery/${w.ids.archivedMonastery}/restore`,
  ),
  'GET /api/puja/archived': entry('401 403 403 403 403 200', '/api/puja/archived?page=1&q=puja'),
  'POST /api/puja/:id/restore': entry(
    '401 403 403 403 403 200',
    (w) => `/api/puja/${w.ids.archivedPuja}/restore`,
  ),
  'GET /api/user': entry('401 403 403 403 403 200', '/api/user'),
  'GET /api/user/:id/edit': entry('401 403 403 403 403 200', (w) => `/api/user/${w.people.patron}/edit`),
  'POST /api/user': entry('401 403 403 403 403 200', '/api/user', {
    body: {
      name: 'Created Person',
      email: 'created@matrix.test',
      phone: '+9779818200001',
      role: 'user',
      password: 'secret-enough',
      cpassword: 'secret-enough',
    },
  }),
  'POST /api/user/:id': entry('401 403 403 403 403 200', (w) => `/api/user/${w.ids.spareUser}`, {
    body: async (w) =>
      patch({
        name: 'Spare Renamed',
        email: 'spare@matrix.test',
        phone: '+9779818200002',
        role: 'user',
        version: await versions.user(w, w.ids.spareUser),
      }),
  }),
  'PATCH /api/user/:id': entry('401 403 403 403 403 200', (w) => `/api/user/${w.ids.spareUser}`, {
    body: async (w) => ({
      name: 'Spare Again',
      email: 'spare@matrix.test',
      phone: '+9779818200002',
      role: 'user',
      version: await versions.user(w, w.ids.spareUser),
    }),
  }),
  'DELETE /api/user/:id': entry('401 403 403 403 403 200', (w) => `/api/user/${w.ids.spareUser}`),
  'POST /api/user/:id/revoke-sessions': entry(
    '401 403 403 403 403 200',
    (w) => `/api/user/${w.ids.revokedUser}/revoke-sessions`,
  ),
  'GET /api/admin/payments': entry('401 403 403 403 403 200', '/api/admin/payments?status=Refund%20due'),
  'GET /api/admin/payments/export.csv': entry('401 403 403 403 403 200', '/api/admin/payments/export.csv'),
  'POST /api/admin/payments/:paymentId/refund': entry(
    '401 403 403 403 403 200',
    (w) => `/api/admin/payments/${w.ids.khaltiRefund}/refund`,
  ),
  'POST /api/admin/payments/:paymentId/record-refund': entry(
    '401 403 403 403 403 200',
    (w) => `/api/admin/payments/${w.ids.esewaRefund}/record-refund`,
    { body: { reference: 'ESEWA-REFUND-1' } },
  ),
  'GET /api/admin/audit-log': entry('401 403 403 403 403 200', '/api/admin/audit-log?subject=order'),
  'GET /api/admin/stats': entry('401 403 403 403 403 200', '/api/admin/stats'),
  'GET /api/admin/ledger': entry('401 403 403 403 403 200', '/api/admin/ledger'),
  'GET /api/admin/monasteries/:monasteryId/commission-rates': entry(
    '401 403 403 403 403 200',
    (w) => `/api/admin/monasteries/${w.ids.monastery}/commission-rates`,
  ),
  'POST /api/admin/monasteries/:monasteryId/commission-rates': entry(
    '401 403 403 403 403 200',
    (w) => `/api/admin/monasteries/${w.ids.monastery}/commission-rates`,
    { body: { basis_points: 900, effective_from: addDays(todayIn('Asia/Kathmandu'), 30) } },
  ),
  'GET /api/admin/monasteries/:monasteryId/payout-details': entry(
    '401 403 403 403 403 200',
    (w) => `/api/admin/monasteries/${w.ids.monastery}/payout-details`,
  ),
  'POST /api/admin/monasteries/:monasteryId/payout-details': entry(
    '401 403 403 403 403 200',
    (w) => `/api/admin/monasteries/${w.ids.otherMonastery}/payout-details`,
    { body: { method: 'khalti', account_holder: 'Other Gompa', account: '9800000098' } },
  ),
  'GET /api/admin/payouts': entry('401 403 403 403 403 200', '/api/admin/payouts'),
  'GET /api/admin/payout-runs': entry('401 403 403 403 403 200', '/api/admin/payout-runs'),
  // Today's run exists: a run by hand answers it.
  'POST /api/admin/payout-runs': entry('401 403 403 403 403 200', '/api/admin/payout-runs'),
  'GET /api/admin/payout-runs/:runId': entry(
    '401 403 403 403 403 200',
    (w) => `/api/admin/payout-runs/${w.ids.payoutRun}`,
  ),
  'GET /api/admin/payout-runs/:runId/transfers.csv': entry(
    '401 403 403 403 403 200',
    (w) => `/api/admin/payout-runs/${w.ids.payoutRun}/transfers.csv`,
  ),
  'POST /api/admin/payouts/:payoutId/record-transfer': entry(
    '401 403 403 403 403 200',
    (w) => `/api/admin/payouts/${w.ids.payoutToRecord}/record-transfer`,
    { body: { reference: 'MATRIX-TRANSFER-1', paid_on: todayIn('Asia/Kathmandu') } },
  ),
  'POST /api/admin/payouts/:payoutId/fail': entry(
    '401 403 403 403 403 200',
    (w) => `/api/admin/payouts/${w.ids.payoutToFail}/fail`,
    { body: { reason: 'The wallet is closed' } },
  ),
  // ---- concerns (docs/decisions/036) ----
  'GET /api/admin/concerns': entry('401 403 403 403 403 200', '/api/admin/concerns'),
  'POST /api/admin/concerns/:concernId/resolve': entry(
    '401 403 403 403 403 200',
    (w) => `/api/admin/concerns/${w.ids.concern}/resolve`,
    { body: { outcome: 'reject', note: 'Every name was read, as the photos show.' } },
  ),
  'GET /api/monastery-commission': entry('401 403 403 200 200 403', '/api/monastery-commission'),

  // ---- the days a monastery takes orders for (docs/decisions/040): anyone reads the days not offered;
  // its own staff and administrators set them ----
  'GET /api/monasteries/:monasteryId/unavailable-days': entry(
    '200 200 200 200 200 200',
    (w) => `/api/monasteries/${w.ids.monastery}/unavailable-days?from=${w.today}&to=${addDays(w.today, 30)}`,
  ),
  'GET /api/monasteries/:monasteryId/order-days': entry(
    '401 403 403 200 403 200',
    (w) => `/api/monasteries/${w.ids.monastery}/order-days`,
  ),
  'PATCH /api/monasteries/:monasteryId/order-days': entry(
    '401 403 403 200 403 200',
    (w) => `/api/monasteries/${w.ids.monastery}/order-days`,
    { body: async (w) => ({ daily_capacity: 500, cutoff_time: null, version: await orderDaysVersion(w) }) },
  ),
  'POST /api/monasteries/:monasteryId/closures': entry(
    '401 403 403 200 403 200',
    (w) => `/api/monasteries/${w.ids.monastery}/closures`,
    {
      body: (w) => ({
        first_day: addDays(w.today, 300),
        last_day: addDays(w.today, 301),
        message: 'Retreat',
      }),
    },
  ),
  'DELETE /api/monasteries/:monasteryId/closures/:closureId': entry(
    '401 403 403 200 403 200',
    async (w, viewer) => `/api/monasteries/${w.ids.monastery}/closures/${await closureToOpen(w, viewer)}`,
  ),

  // ---- a monastery's earnings and statements (its own staff, and administrators) ----
  'GET /api/earnings/:monasteryId': entry(
    '401 403 403 200 403 200',
    (w) => `/api/earnings/${w.ids.monastery}`,
  ),
  'GET /api/earnings/:monasteryId/payouts': entry(
    '401 403 403 200 403 200',
    (w) => `/api/earnings/${w.ids.monastery}/payouts?page=1`,
  ),
  'GET /api/earnings/:monasteryId/statement': entry(
    '401 403 403 200 403 200',
    (w) => `/api/earnings/${w.ids.monastery}/statement?month=2026-11`,
  ),
  'GET /api/earnings/:monasteryId/statement.csv': entry(
    '401 403 403 200 403 200',
    (w) => `/api/earnings/${w.ids.monastery}/statement.csv?month=2026-11`,
  ),
  'GET /api/earnings/:monasteryId/statement.pdf': entry(
    '401 403 403 200 403 200',
    (w) => `/api/earnings/${w.ids.monastery}/statement.pdf?month=2026-11`,
  ),

  // ---- a monastery's own offerings (staff only, each of their own monastery) ----
  'GET /api/monastery-puja': entry('401 403 403 200 200 403', '/api/monastery-puja'),
  'POST /api/monastery-puja': entry('401 403 403 200 200 403', '/api/monastery-puja', {
    body: (w) => ({ puja: w.ids.newPuja, cost: 1500 }),
  }),
  'GET /api/monastery-puja/:pivotId/edit': entry(
    '401 403 403 200 403 403',
    (w) => `/api/monastery-puja/${w.ids.offering}/edit`,
  ),
  'POST /api/monastery-puja/:pivotId': entry(
    '401 403 403 200 403 403',
    (w) => `/api/monastery-puja/${w.ids.offering}`,
    {
      body: (w) => patch({ puja: w.ids.puja, cost: w.price }),
    },
  ),
  'PATCH /api/monastery-puja/:pivotId': entry(
    '401 403 403 200 403 403',
    (w) => `/api/monastery-puja/${w.ids.offering}`,
    { body: (w) => ({ puja: w.ids.puja, cost: w.price }) },
  ),
  'DELETE /api/monastery-puja/:pivotId': entry(
    '401 403 403 200 403 403',
    (w) => `/api/monastery-puja/${w.ids.spareOffer}`,
  ),
  'POST /api/monastery-special-puja': entry('401 403 403 200 200 403', '/api/monastery-special-puja', {
    form: {
      fields: (_w, viewer) => ({
        name: `Special of ${viewer}`,
        description: 'Described.',
        status: '1',
        cost: '900',
      }),
      pictureField: 'image',
    },
  }),
  'GET /api/monastery-special-puja/:pivotId/edit': entry(
    '401 403 403 200 403 403',
    (w) => `/api/monastery-special-puja/${w.ids.specialOffer}/edit`,
  ),
  'POST /api/monastery-special-puja/:pivotId': entry(
    '401 403 403 200 403 403',
    (w) => `/api/monastery-special-puja/${w.ids.specialOffer}`,
    {
      body: async (w) =>
        patch({
          ...catalogueItem('Gompa Special Renamed'),
          cost: 1900,
          version: await versions.offering(w, w.ids.specialOffer),
        }),
    },
  ),
  'PATCH /api/monastery-special-puja/:pivotId': entry(
    '401 403 403 200 403 403',
    (w) => `/api/monastery-special-puja/${w.ids.specialOffer}`,
    {
      body: async (w) => ({
        ...catalogueItem('Gompa Special Again'),
        cost: 1900,
        version: await versions.offering(w, w.ids.specialOffer),
      }),
    },
  ),

  // ---- orders: the patron's, the monastery's staff, administrators ----
  'POST /api/order': entry('401 200 200 403 403 403', '/api/order', {
    body: (w) => ({
      monastery: w.ids.monastery,
      puja: w.ids.puja,
      cost: w.price,
      date: w.orderDate,
      payment: 'esewa',
    }),
  }),
  'GET /api/order/create': entry('401 200 200 403 403 403', '/api/order/create'),
  'GET /api/get-messages/:orderId': entry(
    '401 200 403 200 403 200',
    (w) => `/api/get-messages/${w.ids.paidOrder}`,
  ),
  'GET /api/order/:orderId/receipt': entry(
    '401 200 403 200 403 200',
    (w) => `/api/order/${w.ids.paidOrder}/receipt`,
  ),
  'GET /api/order/:orderId/calendar.ics': entry(
    '401 200 403 403 403 403',
    (w) => `/api/order/${w.ids.paidOrder}/calendar.ics`,
  ),
  'POST /api/esewa-process': entry('401 200 403 403 403 403', '/api/esewa-process', {
    body: (w) => ({ order: w.ids.unpaidOrder }),
  }),
  'POST /api/khalti-process': entry('401 200 403 403 403 403', '/api/khalti-process', {
    body: (w) => ({ order: w.ids.unpaidOrder }),
  }),
  // "Pay for me" links: the patron makes and withdraws them; anyone holding one reads and pays it.
  'POST /api/order/:orderId/payment-link': entry(
    '401 200 403 403 403 403',
    (w) => `/api/order/${w.ids.unpaidOrder}/payment-link`,
    { body: { shows_names: false } },
  ),
  'DELETE /api/order/:orderId/payment-link': entry('401 200 403 403 403 403', async (w, viewer) => {
    if (viewer === 'patron') await paymentLinkToken(w);
    return `/api/order/${w.ids.unpaidOrder}/payment-link`;
  }),
  'GET /api/payment-links/:token': entry(
    '200 200 200 200 200 200',
    async (w) => `/api/payment-links/${await paymentLinkToken(w)}`,
  ),
  'POST /api/payment-links/:token/esewa': entry(
    '200 200 200 200 200 200',
    async (w) => `/api/payment-links/${await paymentLinkToken(w)}/esewa`,
    { body: { payer_name: 'Dawa' } },
  ),
  'POST /api/payment-links/:token/khalti': entry(
    '200 200 200 200 200 200',
    async (w) => `/api/payment-links/${await paymentLinkToken(w)}/khalti`,
    { body: {} },
  ),
  // Cards are off in this world (no Stripe secrets): a patron is told 404, the others 403 as for the wallets.
  'POST /api/card-process': entry('401 404 403 403 403 403', '/api/card-process', {
    body: (w) => ({ order: w.ids.unpaidOrder }),
  }),
  'POST /api/order/:orderId/cancel': entry(
    '401 200 403 403 403 403',
    (w) => `/api/order/${w.ids.orderToCancel}/cancel`,
  ),
  'POST /api/order/:orderId/concern': entry(
    '401 200 403 403 403 403',
    (w) => `/api/order/${w.ids.concernOrder}/concern`,
    { body: { kind: 'name_missed', message: 'My father’s name was not read.' } },
  ),
  'POST /api/order/:orderId/messages': entry(
    '401 200 403 403 403 403',
    (w) => `/api/order/${w.ids.paidOrder}/messages`,
    { body: { message: 'Please include my grandmother, Dolma.' } },
  ),
  // ---- a gift: the patron's own, changed or withdrawn before its recipient is told (docs/decisions/059) ----
  'GET /api/order/:orderId/gift': entry(
    '401 200 403 403 403 403',
    (w) => `/api/order/${w.ids.giftOrder}/gift`,
  ),
  'PATCH /api/order/:orderId/gift': entry(
    '401 200 403 403 403 403',
    (w) => `/api/order/${w.ids.giftOrder}/gift`,
    {
      body: (w) => ({
        recipient_name: 'Tenzin Norbu',
        phone: '+44 7911 123456',
        language: 'ne',
        tell_on: addDays(w.today, 2),
        show_patron: true,
      }),
    },
  ),
  'DELETE /api/order/:orderId/gift': entry(
    '401 200 403 403 403 403',
    (w) => `/api/order/${w.ids.giftToWithdraw}/gift`,
  ),
  // ---- dedication plans: the patron's own (docs/decisions/055) ----
  'POST /api/plans': entry('401 200 200 403 403 403', '/api/plans', {
    body: (w) => ({
      monastery: w.ids.monastery,
      puja: w.ids.puja,
      cost: w.price,
      kind: 'forty_nine_days',
      departed: { name: 'Pema Lhamo', date_of_death: w.today },
    }),
  }),
  'GET /api/plans': entry('401 200 200 403 403 403', '/api/plans'),
  'GET /api/plans/:planId': entry('401 200 403 403 403 403', (w) => `/api/plans/${w.ids.plan}`),
  'POST /api/plans/:planId/esewa-process': entry(
    '401 200 403 403 403 403',
    (w) => `/api/plans/${w.ids.plan}/esewa-process`,
  ),
  'POST /api/plans/:planId/khalti-process': entry(
    '401 200 403 403 403 403',
    (w) => `/api/plans/${w.ids.plan}/khalti-process`,
  ),
  'POST /api/plans/:planId/occurrences/:orderId/skip': entry(
    '401 200 403 403 403 403',
    (w) => `/api/plans/${w.ids.plan}/occurrences/${w.ids.planOccurrence}/skip`,
  ),
  // The departed's photo (docs/decisions/060): the plan's patron adds and removes it; the signed link the
  // plan hands out is the credential, whoever holds it.
  'POST /api/plans/:planId/departed-photo': entry(
    '401 200 403 403 403 403',
    (w) => `/api/plans/${w.ids.plan}/departed-photo`,
    { form: { fields: {}, pictureField: 'photo' } },
  ),
  'GET /api/departed-photos/:planId/:photo': entry('200 200 200 200 200 200', async (w) => {
    const plan = await w.app.inject({
      url: `/api/plans/${w.ids.plan}`,
      headers: { authorization: `Bearer ${await w.tokenOf('patron', { fresh: true })}` },
    });
    // Before the photo exists (the fuzzer starts from this row too), a link that names none.
    return (
      plan.json().plan?.departed?.photo_url ??
      `/api/departed-photos/${w.ids.plan}/${'0'.repeat(32)}?expires=0&signature=none`
    );
  }),
  'DELETE /api/plans/:planId/departed-photo': entry(
    '401 200 403 403 403 403',
    (w) => `/api/plans/${w.ids.plan}/departed-photo`,
  ),
  'POST /api/plans/:planId/pause': entry(
    '401 200 403 403 403 403',
    (w) => `/api/plans/${w.ids.payEachPlan}/pause`,
  ),
  'POST /api/plans/:planId/resume': entry(
    '401 200 403 403 403 403',
    (w) => `/api/plans/${w.ids.payEachPlan}/resume`,
  ),
  'POST /api/plans/:planId/cancel': entry(
    '401 200 403 403 403 403',
    (w) => `/api/plans/${w.ids.plan}/cancel`,
  ),
  'GET /api/order': entry('401 403 403 200 200 200', '/api/order'),
  'GET /api/order/:orderId/edit': entry(
    '401 403 403 200 403 403',
    (w) => `/api/order/${w.ids.paidOrder}/edit`,
  ),
  // Approve (only the version): one order through each method.
  'POST /api/order/:orderId': entry('401 403 403 200 403 403', (w) => `/api/order/${w.ids.paidOrder}`, {
    body: async (w) => patch({ version: await versions.order(w, w.ids.paidOrder) }),
  }),
  'PATCH /api/order/:orderId': entry(
    '401 403 403 200 403 403',
    (w) => `/api/order/${w.ids.secondPaidOrder}`,
    {
      body: async (w) => ({ version: await versions.order(w, w.ids.secondPaidOrder) }),
    },
  ),
  'POST /api/message': entry('401 403 403 200 403 403', '/api/message', {
    body: (w) => ({ orderID: w.ids.paidOrder, userID: w.people.patron, message: 'Your puja is on its way.' }),
  }),
  // The run sheet: each monastery's staff read their own (so other staff get theirs); ticks only on names
  // of the staff's own monastery's orders.
  'GET /api/run-sheet': entry('401 403 403 200 200 403', (w) => `/api/run-sheet?date=${w.today}`),
  'GET /api/run-sheet.pdf': entry(
    '401 403 403 200 200 403',
    (w) => `/api/run-sheet.pdf?date=${w.today}&lang=ne`,
  ),
  'GET /api/run-sheet.csv': entry('401 403 403 200 200 403', (w) => `/api/run-sheet.csv?date=${w.today}`),
  'POST /api/prayer-names/:nameId/read': entry(
    '401 403 403 200 403 403',
    (w) => `/api/prayer-names/${w.ids.prayerName}/read`,
  ),
  'DELETE /api/prayer-names/:nameId/read': entry(
    '401 403 403 200 403 403',
    (w) => `/api/prayer-names/${w.ids.prayerName}/read`,
  ),
  // The back offices' orders: staff see their own monastery's, administrators every one. Messaging comes
  // before completing, while the order is still open.
  'GET /api/orders': entry(
    '401 403 403 200 200 200',
    (w) => `/api/orders?q=PJ&status=approved&puja=${w.ids.puja}&from=2020-01-01&to=2099-12-31&page=1`,
  ),
  'GET /api/orders/awaiting-action': entry('401 403 403 200 200 200', '/api/orders/awaiting-action'),
  // Staff only (docs/decisions/039): each staff member's own monastery's ids, export and approvals; the
  // approval names an unpaid order, so it is refused (`not_paid`, or `other_monastery`) and nothing changes.
  'GET /api/orders/ids': entry(
    '401 403 403 200 200 403',
    (w) => `/api/orders/ids?q=PJ&status=to_approve&puja=${w.ids.puja}&from=2020-01-01&to=2099-12-31`,
  ),
  'GET /api/orders/export.csv': entry('401 403 403 200 200 403', '/api/orders/export.csv?status=approved'),
  'POST /api/orders/approve-many': entry('401 403 403 200 200 403', '/api/orders/approve-many', {
    body: (w) => ({ order_ids: [w.ids.unpaidOrder] }),
  }),
  'GET /api/orders/:orderId': entry('401 403 403 200 403 200', (w) => `/api/orders/${w.ids.paidOrder}`),
  'POST /api/orders/:orderId/messages': entry(
    '401 403 403 200 403 403',
    (w) => `/api/orders/${w.ids.paidOrder}/messages`,
    { body: { message: 'We will perform it at dawn.' } },
  ),
  'POST /api/complete-puja': entry('401 403 403 200 403 403', '/api/complete-puja', {
    form: {
      fields: (w) => ({ order_id: String(w.ids.paidOrder), _method: 'patch' }),
      pictureField: 'files[]',
    },
  }),
  'PATCH /api/complete-puja': entry('401 403 403 200 403 403', '/api/complete-puja', {
    form: { fields: (w) => ({ order_id: String(w.ids.secondPaidOrder) }), pictureField: 'files[]' },
  }),
  // The signed link is the credential, whoever holds it (handed out by get-messages to those who may see it).
  'GET /api/order-images/:imageId': entry('200 200 200 200 200 200', async (w) => {
    const conversation = await w.app.inject({
      url: `/api/get-messages/${w.ids.paidOrder}`,
      headers: { authorization: `Bearer ${await w.tokenOf('patron', { fresh: true })}` },
    });
    // Before any photo exists (the fuzzer starts from this row too), a link that names none.
    return conversation.json().images?.[0]?.url ?? '/api/order-images/1?expires=0&signature=none';
  }),
  // Proof of the performed puja (docs/decisions/037), on the order completed above: its video (staff of
  // its monastery attach it), livestream link, certificate, and the public check of the certificate's code.
  'GET /api/orders/:orderId/proof': entry(
    '401 200 403 200 403 200',
    (w) => `/api/orders/${w.ids.paidOrder}/proof`,
  ),
  'POST /api/orders/:orderId/video': entry(
    '401 403 403 200 403 403',
    (w) => `/api/orders/${w.ids.paidOrder}/video`,
    { form: { fields: {}, pictureField: 'video', file: 'video' } },
  ),
  'GET /api/order-videos/:videoId': entry('200 200 200 200 200 200', (w) =>
    proofLink(w, (video) => video.url),
  ),
  'GET /api/order-videos/:videoId/poster': entry('200 200 200 200 200 200', (w) =>
    proofLink(w, (video) => video.poster_url),
  ),
  'POST /api/orders/:orderId/livestream': entry(
    '401 403 403 200 403 403',
    (w) => `/api/orders/${w.ids.paidOrder}/livestream`,
    { body: (w) => ({ url: 'https://zoom.us/j/123456789', date: w.today, time: '07:00' }) },
  ),
  'GET /api/orders/:orderId/certificate.pdf': entry(
    '401 200 403 200 403 200',
    (w) => `/api/orders/${w.ids.paidOrder}/certificate.pdf?lang=ne`,
  ),
  'GET /api/verify/:code': entry('200 200 200 200 200 200', async (w) => {
    const [certificate] = await w.db
      .select({ code: orderCertificates.code })
      .from(orderCertificates)
      .where(eq(orderCertificates.orderId, w.ids.paidOrder));
    return `/api/verify/${certificate?.code ?? '0000000000000000'}`;
  }),
  // A dedication's page opens by its link's token alone, the same for everyone: one never sent is 404.
  'GET /api/dedication/:token': entry(
    '404 404 404 404 404 404',
    '/api/dedication/AAAAAAAAAAAAAAAAAAAAAAAAAAA',
  ),

  // ---- deleting one's own account (patrons only), after every row that needs the patrons as they were:
  // it anonymises them and cancels their unpaid orders. The patron still has a payment being confirmed
  // (the payment rows above started some), so they are refused (409); the other patron has only unpaid
  // orders, so their account goes.
  'DELETE /api/me': entry('401 409 200 403 403 403', '/api/me', { body: { confirmation: 'DELETE' } }),

  // ---- the payment providers' return routes: always back to the patron's orders page ----
  'GET /esewa-payment-success': entry(
    '302 302 302 302 302 302',
    '/esewa-payment-success?data=bm90LXNpZ25lZA',
  ),
  'GET /esewa-payment-failed': entry('302 302 302 302 302 302', '/esewa-payment-failed?reference=unknown'),
  'GET /khalti-payment-return': entry('302 302 302 302 302 302', '/khalti-payment-return?pidx=unknown'),
  // ... and a link's payer back to the link's page.
  'GET /pay/:token/esewa-success': entry(
    '302 302 302 302 302 302',
    `/pay/${'A'.repeat(43)}/esewa-success?data=bm90LXNpZ25lZA`,
  ),
  'GET /pay/:token/esewa-failed': entry(
    '302 302 302 302 302 302',
    `/pay/${'A'.repeat(43)}/esewa-failed?reference=unknown`,
  ),
  'GET /pay/:token/khalti-return': entry(
    '302 302 302 302 302 302',
    `/pay/${'A'.repeat(43)}/khalti-return?pidx=unknown`,
  ),
  'GET /card-payment-return': entry('302 302 302 302 302 302', '/card-payment-return?session_id=unknown'),
  // Stripe's webhook is public and signed; with cards off there is nothing to receive.
  'POST /api/stripe-webhook': entry('404 404 404 404 404 404', '/api/stripe-webhook', {
    body: () => ({ id: 'evt_unsigned' }),
  }),

  // ---- the payment simulator (PAYMENT_MODE=simulator only): public, like the providers it plays ----
  'POST /simulator/esewa/api/epay/main/v2/form': entry(
    '400 400 400 400 400 400',
    '/simulator/esewa/api/epay/main/v2/form',
    {
      body: { amount: '10' },
    },
  ),
  'POST /simulator/esewa/decide': entry('404 404 404 404 404 404', '/simulator/esewa/decide', {
    body: { transaction_uuid: 'unknown', decision: 'cancel' },
  }),
  'GET /simulator/esewa/api/epay/transaction/status/': entry(
    '200 200 200 200 200 200',
    '/simulator/esewa/api/epay/transaction/status/?product_code=EPAYTEST&total_amount=10&transaction_uuid=unknown',
  ),
  'POST /simulator/khalti/api/v2/epayment/initiate/': entry(
    '401 401 401 401 401 401',
    '/simulator/khalti/api/v2/epayment/initiate/',
    { body: {} },
  ),
  'GET /simulator/khalti/pay': entry('404 404 404 404 404 404', '/simulator/khalti/pay?pidx=unknown'),
  'POST /simulator/khalti/decide': entry('404 404 404 404 404 404', '/simulator/khalti/decide', {
    body: { pidx: 'unknown', decision: 'cancel' },
  }),
  'POST /simulator/khalti/api/v2/epayment/lookup/': entry(
    '401 401 401 401 401 401',
    '/simulator/khalti/api/v2/epayment/lookup/',
    { body: { pidx: 'unknown' } },
  ),
  'POST /simulator/khalti/api/merchant-transaction/:transactionId/refund/': entry(
    '401 401 401 401 401 401',
    '/simulator/khalti/api/merchant-transaction/unknown/refund/',
  ),
};

/** A value of the table: as written, or built for this person now. */
export async function build<T>(value: Builder<T>, world: SecurityWorld, viewer: ViewerName): Promise<T> {
  return typeof value === 'function'
    ? await (value as (world: SecurityWorld, viewer: ViewerName) => T | Promise<T>)(world, viewer)
    : value;
}

/** The entry for a registered route: its own, or for HEAD the GET entry of the same path. */
export function entryFor(key: string): Entry | undefined {
  return ROUTES[key] ?? (key.startsWith('HEAD ') ? ROUTES[key.replace(/^HEAD /, 'GET ')] : undefined);
}
