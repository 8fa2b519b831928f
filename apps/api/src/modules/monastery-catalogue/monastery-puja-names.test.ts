import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { multipart } from '../../../test/multipart.ts';
import { asFormSends } from '../../../test/record-versions.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEntries, monasteryPujas, pujas, users } from '../../db/schema/index.ts';

/**
 * One monastery's pujas, its special pujas and the catalogue pujas it offers, have different names, case
 * ignored (docs/product.md#catalogue-names): Kopan's list must never show two "Green Tara Puja".
 */

let harness: TestApp;
let staff = '';
let otherStaff = '';
const ids = { home: 0, other: 0, greenTara: 0, medicine: 0, special: 0, specialOffering: 0 };

beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.database;
  const home = await insertMonastery(db, { slug: 'kopan-names', name: 'Kopan Names' });
  const other = await insertMonastery(db, { slug: 'other-names', name: 'Other Names' });
  const greenTara = await insertPuja(db, { slug: 'green-tara-names', name: 'Green Tara Puja' });
  const medicine = await insertPuja(db, { slug: 'medicine-names', name: 'Medicine Buddha Puja' });
  await offer(db, home.id, greenTara.id, 2500);
  const special = await insertPuja(db, {
    slug: 'lama-chopa-names',
    name: 'Lama Chöpa',
    monasteryId: home.id,
  });
  const specialOffering = await offer(db, home.id, special.id, 1800);
  Object.assign(ids, {
    home: home.id,
    other: other.id,
    greenTara: greenTara.id,
    medicine: medicine.id,
    special: special.id,
    specialOffering: specialOffering.id,
  });
  for (const [phone, monasteryId, set] of [
    ['9818100001', home.id, (token: string) => (staff = token)],
    ['9818100002', other.id, (token: string) => (otherStaff = token)],
  ] as const) {
    const member = await signInByPhone(harness, phone);
    await db.update(users).set({ role: 'monastery', monasteryId }).where(eq(users.id, member.user.id));
    set(member.token);
  }
});
afterAll(() => harness.close());

const picture = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2266aa' } })
    .png()
    .toBuffer();
async function special(url: string, fields: Record<string, string>, token = staff, withPicture = true) {
  const sent = await asFormSends(harness.database.db, 'POST', url, {
    description: 'Described for the test.',
    status: '1',
    cost: '1500',
    ...fields,
  });
  const body = await multipart(
    Object.fromEntries(Object.entries(sent).map(([key, value]) => [key, String(value)])),
    withPicture ? [{ field: 'image', bytes: await picture(), type: 'image/png', name: 'p.png' }] : [],
  );
  return harness.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}
const specialsOf = (monasteryId: number) =>
  harness.database.db
    .select()
    .from(pujas)
    .where(and(eq(pujas.monasteryId, monasteryId), isNull(pujas.archivedAt)));

describe('a monastery’s special pujas', () => {
  it('refuses a special puja named as a catalogue puja the monastery offers, any case (409 on name)', async () => {
    const before = (await specialsOf(ids.home)).length;
    const refused = await special('/api/monastery-special-puja', { name: 'GREEN tara puja' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Your monastery already offers a puja named Green Tara Puja.',
      errors: { name: ['Your monastery already offers a puja named Green Tara Puja.'] },
    });
    expect((await specialsOf(ids.home)).length).toBe(before);
  });

  it('refuses a second special puja of one name, any case; the database refuses it too', async () => {
    const refused = await special('/api/monastery-special-puja', { name: ' lama CHÖPA ' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.name).toEqual(['Your monastery already offers a puja named Lama Chöpa.']);
    await expect(
      insertPuja(harness.database.db, { slug: 'lama-chopa-dup', name: 'LAMA chöpa', monasteryId: ids.home }),
    ).rejects.toThrow();
  });

  it('lets another monastery use the same names', async () => {
    expect(
      (await special('/api/monastery-special-puja', { name: 'Lama Chöpa' }, otherStaff)).statusCode,
    ).toBe(200);
    expect(
      (await special('/api/monastery-special-puja', { name: 'Green Tara Puja' }, otherStaff)).statusCode,
    ).toBe(200);
  });

  it('refuses renaming a special puja to an offered puja’s name, but keeps its own in another case', async () => {
    const url = `/api/monastery-special-puja/${ids.specialOffering}`;
    const refused = await special(url, { _method: 'patch', name: 'Green Tara PUJA' }, staff, false);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.name).toEqual([
      'Your monastery already offers a puja named Green Tara Puja.',
    ]);
    const [row] = await harness.database.db.select().from(pujas).where(eq(pujas.id, ids.special));
    expect(row!.name).toBe('Lama Chöpa');
    expect(
      await harness.database.db.$count(
        auditEntries,
        and(eq(auditEntries.subjectType, 'puja'), eq(auditEntries.subjectId, ids.special)),
      ),
    ).toBe(0);

    const kept = await special(url, { _method: 'patch', name: 'LAMA CHÖPA' }, staff, false);
    expect(kept.statusCode).toBe(200);
  });
});

describe('adding a catalogue puja', () => {
  it('refuses a catalogue puja named as one of the monastery’s special pujas (409 on puja)', async () => {
    const { db } = harness.database;
    const sameName = await insertPuja(db, { slug: 'white-tara-cat', name: 'White Tara' });
    await offer(db, ids.other, sameName.id, 1000);
    const homeSpecial = await insertPuja(db, {
      slug: 'white-tara-special',
      name: 'WHITE TARA',
      monasteryId: ids.home,
    });
    await offer(db, ids.home, homeSpecial.id, 1000);

    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/monastery-puja',
      headers: bearer(staff),
      payload: { puja: sameName.id, cost: 1500 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.puja).toEqual(['Your monastery already offers a puja named WHITE TARA.']);
    expect(
      await db.$count(
        monasteryPujas,
        and(eq(monasteryPujas.monasteryId, ids.home), eq(monasteryPujas.pujaId, sameName.id)),
      ),
    ).toBe(0);

    // Another catalogue puja of its own name is added as before.
    const added = await harness.app.inject({
      method: 'POST',
      url: '/api/monastery-puja',
      headers: bearer(staff),
      payload: { puja: ids.medicine, cost: 1500 },
    });
    expect(added.statusCode).toBe(200);
  });
});
