import { STALE_VERSION_MESSAGE } from '@puja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../test/catalogue-fixtures.ts';
import { multipart } from '../../test/multipart.ts';
import { bearer, signInByPhone } from '../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { monasteries, pujas, users } from '../db/schema/index.ts';

/**
 * No lost edits (docs/decisions/040): for each kind of editable record, the second of two saves made from
 * the same version is refused 409 with who saved since and when, and the first save's change stands.
 * (Orders and the order-day settings: modules/order-days/order-days.test.ts.)
 */

let harness: TestApp;
let firstAdmin = '';
let secondAdmin = '';
let staff = '';
let staffMember = '';
let monasteryId = 0;

async function signInAs(phone: string, values: Partial<typeof users.$inferInsert>) {
  const session = await signInByPhone(harness, phone);
  await harness.database.db.update(users).set(values).where(eq(users.id, session.user.id));
  return session;
}

beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.database;
  const monastery = await insertMonastery(db, { slug: 'versioned-gompa', name: 'Versioned Gompa' });
  monasteryId = monastery.id;
  firstAdmin = (await signInAs('9817400001', { role: 'admin', name: 'Admin Karma' })).token;
  secondAdmin = (await signInAs('9817400002', { role: 'admin', name: 'Admin Pema' })).token;
  staffMember = 'Ani Choden';
  staff = (await signInAs('9817400003', { role: 'monastery', monasteryId, name: staffMember })).token;
});
afterAll(() => harness.close());

async function sendForm(token: string, url: string, fields: Record<string, string>) {
  const body = await multipart({ _method: 'patch', ...fields });
  return harness.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

function expectStale(answer: Awaited<ReturnType<typeof sendForm>>, version: number, who: string) {
  expect(answer.statusCode).toBe(409);
  const body = answer.json();
  expect(body.message).toBe(STALE_VERSION_MESSAGE);
  expect(body.stale).toMatchObject({ version, changed_by: who });
  expect(Number.isNaN(Date.parse(body.stale.changed_at))).toBe(false);
}

describe('a save from an old version', () => {
  it('of a monastery is refused; the first save’s description stays', async () => {
    const opened = (
      await harness.app.inject({ url: `/api/monastery/${monasteryId}/edit`, headers: bearer(firstAdmin) })
    ).json().monastery;
    const version = String(opened.version);
    const base = { name: 'Versioned Gompa', status: '1', version };
    const first = await sendForm(firstAdmin, `/api/monastery/${monasteryId}`, {
      ...base,
      description: 'New words',
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await sendForm(secondAdmin, `/api/monastery/${monasteryId}`, {
      ...base,
      description: 'Old words',
    });
    expectStale(second, opened.version + 1, 'Admin Karma');
    const [row] = await harness.database.db.select().from(monasteries).where(eq(monasteries.id, monasteryId));
    expect(row).toMatchObject({ description: 'New words', version: opened.version + 1 });
    // From the version the refusal named, the save goes through.
    const again = await sendForm(secondAdmin, `/api/monastery/${monasteryId}`, {
      ...base,
      description: 'Old words',
      version: String(second.json().stale.version),
    });
    expect(again.statusCode).toBe(200);
  });

  it('of a catalogue puja is refused', async () => {
    const puja = await insertPuja(harness.database.db, { slug: 'versioned-puja', name: 'Versioned Puja' });
    const base = { name: 'Versioned Puja', status: '1', version: String(puja.version) };
    expect(
      (await sendForm(firstAdmin, `/api/puja/${puja.id}`, { ...base, description: 'One' })).statusCode,
    ).toBe(200);
    expectStale(
      await sendForm(secondAdmin, `/api/puja/${puja.id}`, { ...base, description: 'Two' }),
      puja.version + 1,
      'Admin Karma',
    );
  });

  it('of a special puja is refused (a staff member’s own save is named too)', async () => {
    const { db } = harness.database;
    const special = await insertPuja(db, {
      slug: 'versioned-special',
      name: 'Versioned Special',
      monasteryId,
    });
    const offering = await offer(db, monasteryId, special.id, 500);
    const base = { name: 'Versioned Special', status: '1', cost: '500', version: String(special.version) };
    const url = `/api/monastery-special-puja/${offering.id}`;
    expect((await sendForm(staff, url, { ...base, description: 'One' })).statusCode).toBe(200);
    expectStale(
      await sendForm(staff, url, { ...base, description: 'Two' }),
      special.version + 1,
      staffMember,
    );
    const [row] = await db.select().from(pujas).where(eq(pujas.id, special.id));
    expect(row!.description).toBe('One');
  });

  it('of a user is refused', async () => {
    const person = await signInAs('9817400004', { name: 'Dawa Sherpa' });
    const opened = (
      await harness.app.inject({ url: `/api/user/${person.user.id}/edit`, headers: bearer(firstAdmin) })
    ).json().user;
    const form = {
      _method: 'patch',
      name: 'Dawa Sherpa',
      email: 'dawa@example.org',
      phone: '9817400004',
      role: 'user',
      password: '',
      cpassword: '',
      version: opened.version,
    };
    const save = (token: string, overrides: object) =>
      harness.app.inject({
        method: 'POST',
        url: `/api/user/${person.user.id}`,
        headers: bearer(token),
        payload: { ...form, ...overrides },
      });
    const first = await save(firstAdmin, { name: 'Dawa Gyalpo Sherpa' });
    expect(first.statusCode, first.body).toBe(200);
    const refused = await save(secondAdmin, { name: 'Dawa S.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().stale).toMatchObject({ version: opened.version + 1, changed_by: 'Admin Karma' });
    const [row] = await harness.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(row!.name).toBe('Dawa Gyalpo Sherpa');
  });

  it('an edit without a version is refused 422 (the contract requires it), changing nothing', async () => {
    const [before] = await harness.database.db
      .select()
      .from(monasteries)
      .where(eq(monasteries.id, monasteryId));
    const answer = await sendForm(firstAdmin, `/api/monastery/${monasteryId}`, {
      name: 'Versioned Gompa',
      status: '1',
      description: 'Sent without a version',
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.version).toBeDefined();
    const [after] = await harness.database.db
      .select()
      .from(monasteries)
      .where(eq(monasteries.id, monasteryId));
    expect(after).toEqual(before);
  });

  it('a version that is not a number is refused 422, changing nothing', async () => {
    const answer = await sendForm(firstAdmin, `/api/monastery/${monasteryId}`, {
      name: 'Versioned Gompa',
      status: '1',
      description: 'Anything',
      version: 'latest',
    });
    expect(answer.statusCode).toBe(422);
  });
});
