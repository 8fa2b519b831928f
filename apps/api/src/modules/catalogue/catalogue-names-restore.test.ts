import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { multipart } from '../../../test/multipart.ts';
import { insertOrder } from '../../../test/order-fixtures.ts';
import { asFormSends } from '../../../test/record-versions.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEntries, monasteries, monasteryPujas, pujas, users } from '../../db/schema/index.ts';

/**
 * Names unique among current rows, case ignored (docs/product.md#catalogue-names), and an administrator's
 * archived monasteries and pujas: listed a page at a time and restored, with what was archived with them.
 */

let harness: TestApp;
let admin = '';
let adminId = 0;
let patron = '';
let patronId = 0;
let staff = '';
let staffMonastery = 0;

beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.database;
  const session = await signInByPhone(harness, '9819100001');
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, session.user.id));
  admin = session.token;
  adminId = session.user.id;
  const patronSession = await signInByPhone(harness, '9819100002');
  patron = patronSession.token;
  patronId = patronSession.user.id;
  const member = await signInByPhone(harness, '9819100003');
  const home = await insertMonastery(db, { slug: 'names-home', name: 'Names Home Gompa' });
  staffMonastery = home.id;
  await db.update(users).set({ role: 'monastery', monasteryId: home.id }).where(eq(users.id, member.user.id));
  staff = member.token;
});
afterAll(() => harness.close());

const picture = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: '#557733' } })
    .jpeg()
    .toBuffer();
async function send(method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, token = admin) {
  const sent = await asFormSends(harness.database.db, method, url, fields);
  const body = await multipart(
    Object.fromEntries(Object.entries(sent).map(([key, value]) => [key, String(value)])),
    method === 'POST' && !url.match(/\/\d+$/)
      ? [{ field: 'image', bytes: await picture(), type: 'image/jpeg', name: 'picture.jpg' }]
      : [],
  );
  return harness.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}
const item = (name: string) => ({ name, description: 'Described for the test.', status: '1' });
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string) =>
  harness.app.inject({ method, url, headers: token ? bearer(token) : {} });
const countRows = (table: typeof monasteries | typeof pujas) => harness.database.db.$count(table);
const auditOf = (subject: 'monastery' | 'puja', id: number) =>
  harness.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.subjectType, subject), eq(auditEntries.subjectId, id)));

describe('monastery names', () => {
  it('refuses a second monastery of one name, any case, on create and on update (409 on name), changing nothing', async () => {
    await insertMonastery(harness.database.db, { slug: 'kopan-monastery', name: 'Kopan Monastery' });
    const before = await countRows(monasteries);
    const created = await send('POST', '/api/monastery', item('  kOPAN monastery '));
    expect(created.statusCode).toBe(409);
    expect(created.json()).toEqual({
      message: 'A monastery named Kopan Monastery already exists.',
      errors: { name: ['A monastery named Kopan Monastery already exists.'] },
    });
    expect(await countRows(monasteries)).toBe(before);

    const other = await insertMonastery(harness.database.db, {
      slug: 'other-names',
      name: 'Other Names Gompa',
    });
    const renamed = await send('PATCH', `/api/monastery/${other.id}`, item('KOPAN MONASTERY'));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors.name).toEqual(['A monastery named Kopan Monastery already exists.']);
    const [row] = await harness.database.db.select().from(monasteries).where(eq(monasteries.id, other.id));
    expect(row!.name).toBe('Other Names Gompa');
    expect(await auditOf('monastery', other.id)).toEqual([]);
  });

  it('lets a monastery keep its own name in another case, and reuse the name of an archived one', async () => {
    const own = await insertMonastery(harness.database.db, { slug: 'own-name', name: 'Own Name Gompa' });
    expect((await send('PATCH', `/api/monastery/${own.id}`, item('OWN NAME GOMPA'))).statusCode).toBe(200);
    await insertMonastery(harness.database.db, {
      slug: 'gone-gompa',
      name: 'Gone Gompa',
      archivedAt: new Date(),
    });
    expect((await send('POST', '/api/monastery', item('Gone Gompa'))).statusCode).toBe(200);
  });

  it('is enforced by the database too: a unique index on lower(name) among current monasteries', async () => {
    const { db } = harness.database;
    await insertMonastery(db, { slug: 'index-gompa', name: 'Index Gompa' });
    await expect(insertMonastery(db, { slug: 'index-gompa-2', name: 'INDEX gompa' })).rejects.toThrow();
    await expect(
      insertMonastery(db, { slug: 'index-gompa-3', name: 'index gompa', archivedAt: new Date() }),
    ).resolves.toBeDefined();
  });
});

describe('catalogue puja names', () => {
  it('refuses a second catalogue puja of one name, any case, on create and update (409 on name)', async () => {
    await insertPuja(harness.database.db, { slug: 'green-tara-puja', name: 'Green Tara Puja' });
    const before = await countRows(pujas);
    const created = await send('POST', '/api/puja', item('green tara PUJA'));
    expect(created.statusCode).toBe(409);
    expect(created.json().message).toBe('A puja named Green Tara Puja already exists.');
    expect(created.json().errors.name).toEqual(['A puja named Green Tara Puja already exists.']);
    expect(await countRows(pujas)).toBe(before);

    const other = await insertPuja(harness.database.db, { slug: 'white-tara', name: 'White Tara Puja' });
    const renamed = await send('PATCH', `/api/puja/${other.id}`, item('Green Tara puja'));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors.name).toEqual(['A puja named Green Tara Puja already exists.']);
  });

  it('allows a monastery’s special puja to share a catalogue puja’s name when the monastery does not offer it', async () => {
    await insertPuja(harness.database.db, { slug: 'chod-puja', name: 'Chöd Puja' });
    const body = await multipart({ ...item('Chöd Puja'), cost: '900' }, [
      { field: 'image', bytes: await picture(), type: 'image/jpeg', name: 'p.jpg' },
    ]);
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/monastery-special-puja',
      headers: { ...bearer(staff), ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(200);
  });

  it('refuses renaming a catalogue puja to the name of a special puja of a monastery that offers it', async () => {
    const { db } = harness.database;
    const monastery = await insertMonastery(db, { slug: 'rename-clash', name: 'Rename Clash Gompa' });
    const catalogue = await insertPuja(db, { slug: 'mahakala-rc', name: 'Mahakala Puja RC' });
    await offer(db, monastery.id, catalogue.id, 2000);
    const special = await insertPuja(db, {
      slug: 'lama-chopa-rc',
      name: 'Lama Chöpa',
      monasteryId: monastery.id,
    });
    await offer(db, monastery.id, special.id, 1500);
    const renamed = await send('PATCH', `/api/puja/${catalogue.id}`, item('LAMA CHÖPA'));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors.name).toEqual([
      'Rename Clash Gompa already offers a puja named Lama Chöpa.',
    ]);
    const [row] = await db.select().from(pujas).where(eq(pujas.id, catalogue.id));
    expect(row!.name).toBe('Mahakala Puja RC');
  });
});

describe('archived monasteries and pujas', () => {
  it('are listed to administrators only, latest archived first, a page at a time, searchable by name', async () => {
    const { db } = harness.database;
    await insertMonastery(db, {
      slug: 'older-archived',
      name: 'Older Archived Gompa',
      archivedAt: new Date('2026-01-01'),
    });
    await insertMonastery(db, {
      slug: 'newer-archived',
      name: 'Newer Archived Gompa',
      archivedAt: new Date('2026-02-01'),
    });
    await insertPuja(db, {
      slug: 'archived-amitabha',
      name: 'Archived Amitabha',
      archivedAt: new Date('2026-01-15'),
    });

    for (const [token, status] of [
      [undefined, 401],
      [patron, 403],
      [staff, 403],
    ] as const) {
      expect((await call('GET', '/api/monastery/archived', token)).statusCode).toBe(status);
      expect((await call('GET', '/api/puja/archived', token)).statusCode).toBe(status);
    }

    const listed = (await call('GET', '/api/monastery/archived?q=ARCHIVED', admin)).json();
    expect(listed).toMatchObject({ page: 1, pageSize: 25, total: 2 });
    expect(listed.monasteries.map((m: { name: string }) => m.name)).toEqual([
      'Newer Archived Gompa',
      'Older Archived Gompa',
    ]);
    expect(listed.monasteries[0].archived_at).toBe('2026-02-01T00:00:00.000Z');
    expect(
      (await call('GET', '/api/monastery/archived?q=ARCHIVED&page=2', admin)).json().monasteries,
    ).toEqual([]);

    const archivedPujas = (await call('GET', '/api/puja/archived?q=amitabha', admin)).json();
    expect(archivedPujas.pujas).toMatchObject([{ name: 'Archived Amitabha', monastery_id: null }]);
    expect((await call('GET', '/api/puja/archived?page=0', admin)).statusCode).toBe(422);
  });

  it('restores a monastery with the offerings and special pujas archived with it, audited', async () => {
    const { db } = harness.database;
    const monastery = await insertMonastery(db, { slug: 'restorable', name: 'Restorable Gompa' });
    const puja = await insertPuja(db, { slug: 'restorable-puja', name: 'Restorable Puja' });
    const offering = await offer(db, monastery.id, puja.id, 1200);
    const special = await insertPuja(db, {
      slug: 'restorable-special',
      name: 'Its Special',
      monasteryId: monastery.id,
    });
    const specialOffering = await offer(db, monastery.id, special.id, 900);
    // Removed earlier by its staff, at another moment: stays archived.
    const removedEarlier = await insertPuja(db, { slug: 'removed-earlier', name: 'Removed Earlier' });
    const removedOffering = await offer(db, monastery.id, removedEarlier.id, 800, true);
    await insertOrder(db, offering, { userId: patronId });
    expect((await call('DELETE', `/api/monastery/${monastery.id}`, admin)).statusCode).toBe(200);
    expect(
      (await db.select().from(monasteries).where(eq(monasteries.id, monastery.id)))[0]!.archivedAt,
    ).not.toBeNull();

    for (const token of [undefined, patron, staff]) {
      expect((await call('POST', `/api/monastery/${monastery.id}/restore`, token)).statusCode).toBe(
        token ? 403 : 401,
      );
    }
    const restored = await call('POST', `/api/monastery/${monastery.id}/restore`, admin);
    expect(restored.statusCode).toBe(200);
    const shown = restored.json().monasteries.find((m: { id: number }) => m.id === monastery.id);
    expect(shown.pujas.map((p: { name: string }) => p.name).sort()).toEqual([
      'Its Special',
      'Restorable Puja',
    ]);
    const archivedOf = async (table: typeof monasteryPujas | typeof pujas, id: number) =>
      (await db.select({ at: table.archivedAt }).from(table).where(eq(table.id, id)))[0]!.at;
    expect(await archivedOf(monasteryPujas, offering.id)).toBeNull();
    expect(await archivedOf(monasteryPujas, specialOffering.id)).toBeNull();
    expect(await archivedOf(pujas, special.id)).toBeNull();
    expect(await archivedOf(monasteryPujas, removedOffering.id)).not.toBeNull();
    // The public page shows it again.
    expect((await call('GET', '/api/monastery/restorable/edit')).statusCode).toBe(200);

    const entries = await auditOf('monastery', monastery.id);
    expect(entries.map((entry) => entry.action)).toEqual(['archive', 'update']);
    expect(entries[1]).toMatchObject({ actorId: adminId, after: { archived_at: null } });
    expect(entries[1]!.before).toEqual({ archived_at: entries[0]!.after!.archived_at });
    // The name it comes back under, so the audit log can say what was restored.
    expect(entries[1]!.after).toEqual({
      archived_at: null,
      name: (await db.select().from(monasteries).where(eq(monasteries.id, monastery.id)))[0]!.name,
    });

    // Restoring it again: it is no longer archived.
    expect((await call('POST', `/api/monastery/${monastery.id}/restore`, admin)).statusCode).toBe(404);
    expect((await call('POST', '/api/monastery/2147483647/restore', admin)).statusCode).toBe(404);
  });

  it('refuses to restore a monastery whose name a current one has taken, any case, changing nothing', async () => {
    const { db } = harness.database;
    const archived = await insertMonastery(db, {
      slug: 'taken-archived',
      name: 'Taken Name Gompa',
      archivedAt: new Date('2026-03-01'),
    });
    await insertMonastery(db, { slug: 'taken-current', name: 'TAKEN name gompa' });
    const refused = await call('POST', `/api/monastery/${archived.id}/restore`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.name).toEqual([
      'A monastery named TAKEN name gompa already exists: rename it before restoring this one.',
    ]);
    expect(
      (await db.select().from(monasteries).where(eq(monasteries.id, archived.id)))[0]!.archivedAt,
    ).not.toBeNull();
    expect(await auditOf('monastery', archived.id)).toEqual([]);
  });

  it('restores a catalogue puja with its offerings, and refuses one whose name was taken since', async () => {
    const { db } = harness.database;
    const monastery = await insertMonastery(db, { slug: 'puja-restore-home', name: 'Puja Restore Home' });
    const puja = await insertPuja(db, { slug: 'sang-restore', name: 'Sang Restore' });
    const offering = await offer(db, monastery.id, puja.id, 1000);
    await insertOrder(db, offering, { userId: patronId });
    expect((await call('DELETE', `/api/puja/${puja.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/puja/archived?q=sang', admin)).json().total).toBe(1);

    for (const token of [undefined, patron, staff]) {
      expect((await call('POST', `/api/puja/${puja.id}/restore`, token)).statusCode).toBe(token ? 403 : 401);
    }
    const restored = await call('POST', `/api/puja/${puja.id}/restore`, admin);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().pujas.map((p: { id: number }) => p.id)).toContain(puja.id);
    expect(
      (await db.select().from(monasteryPujas).where(eq(monasteryPujas.id, offering.id)))[0]!.archivedAt,
    ).toBeNull();
    expect((await auditOf('puja', puja.id)).map((entry) => entry.action)).toEqual(['archive', 'update']);

    const archived = await insertPuja(db, { slug: 'taken-puja', name: 'Taken Puja', archivedAt: new Date() });
    await insertPuja(db, { slug: 'taken-puja-now', name: 'taken PUJA' });
    const refused = await call('POST', `/api/puja/${archived.id}/restore`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'A puja named taken PUJA already exists: rename it before restoring this one.',
    );
    expect((await db.select().from(pujas).where(eq(pujas.id, archived.id)))[0]!.archivedAt).not.toBeNull();
  });

  it('refuses to restore a catalogue puja when a monastery offering it has a special puja of that name now', async () => {
    const { db } = harness.database;
    const at = new Date('2026-04-01T00:00:00Z');
    const monastery = await insertMonastery(db, { slug: 'clash-on-restore', name: 'Clash On Restore Gompa' });
    const puja = await insertPuja(db, { slug: 'guru-rinpoche-cr', name: 'Guru Rinpoche CR', archivedAt: at });
    const offering = await offer(db, monastery.id, puja.id, 1000);
    await db.update(monasteryPujas).set({ archivedAt: at }).where(eq(monasteryPujas.id, offering.id));
    const special = await insertPuja(db, {
      slug: 'guru-special-cr',
      name: 'GURU RINPOCHE cr',
      monasteryId: monastery.id,
    });
    await offer(db, monastery.id, special.id, 700);

    const refused = await call('POST', `/api/puja/${puja.id}/restore`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.name).toEqual([
      'Clash On Restore Gompa already offers a puja named GURU RINPOCHE cr.',
    ]);
    expect((await db.select().from(pujas).where(eq(pujas.id, puja.id)))[0]!.archivedAt).toEqual(at);
    expect(
      (await db.select().from(monasteryPujas).where(eq(monasteryPujas.id, offering.id)))[0]!.archivedAt,
    ).toEqual(at);
    expect(await auditOf('puja', puja.id)).toEqual([]);
  });

  it('does not restore a special puja through the catalogue, nor a current row', async () => {
    const { db } = harness.database;
    const special = await insertPuja(db, {
      slug: 'archived-special-x',
      name: 'Archived Special X',
      monasteryId: staffMonastery,
      archivedAt: new Date(),
    });
    expect((await call('POST', `/api/puja/${special.id}/restore`, admin)).statusCode).toBe(404);
    const current = await insertPuja(db, { slug: 'current-x', name: 'Current X' });
    expect((await call('POST', `/api/puja/${current.id}/restore`, admin)).statusCode).toBe(404);
  });
});
