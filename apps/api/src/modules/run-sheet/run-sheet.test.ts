import { addDays, RUN_SHEET_MAX_ORDERS, todayIn } from '@puja/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { csvRecords } from '../../../test/csv-parse.ts';
import { insertOrder } from '../../../test/order-fixtures.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEntries, monasteryPujas, orderNames, orders, users } from '../../db/schema/index.ts';

let harness: TestApp;
const staff = { a: '', b: '', aName: 'Lama Tenzin' };
let patron = { token: '', id: 0 };
let otherPatron = '';
let admin = '';
let staffAId = 0;
let monasteryA = 0;
let offeringA: Awaited<ReturnType<typeof offer>>;
let offeringB: Awaited<ReturnType<typeof offer>>;
let pujaId = 0;
const today = todayIn('Asia/Kathmandu');

const names = [
  { name: 'राम बहादुर क्षेत्री', departed: false },
  { name: '陳淑華', departed: true, note: '2025年3月往生' },
  { name: 'Pema Dolma', departed: false, note: 'In hospital' },
];

beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.database;
  const a = await insertMonastery(db, { slug: 'sheet-a', name: 'Gompa A' });
  const b = await insertMonastery(db, { slug: 'sheet-b', name: 'Gompa B' });
  const puja = await insertPuja(db, { slug: 'sheet-puja', name: 'Tara Puja' });
  offeringA = await offer(db, a.id, puja.id, 2500);
  offeringB = await offer(db, b.id, puja.id, 2000);
  monasteryA = a.id;
  pujaId = puja.id;
  const signedIn = await signInByPhone(harness, '9817100001');
  patron = { token: signedIn.token, id: signedIn.user.id };
  otherPatron = (await signInByPhone(harness, '9817100005')).token;
  for (const [key, phone, monastery, name] of [
    ['a', '9817100002', a.id, staff.aName],
    ['b', '9817100003', b.id, 'Lama B'],
  ] as const) {
    const member = await signInByPhone(harness, phone);
    await db
      .update(users)
      .set({ role: 'monastery', monasteryId: monastery, name })
      .where(eq(users.id, member.user.id));
    staff[key] = member.token;
    if (key === 'a') staffAId = member.user.id;
  }
  const adminSession = await signInByPhone(harness, '9817100004');
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, adminSession.user.id));
  admin = adminSession.token;
});
afterAll(() => harness.close());

const placeOrder = (payload: object, token = patron.token) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(token),
    payload: {
      monastery: monasteryA,
      puja: pujaId,
      cost: 2500,
      date: addDays(today, 5),
      payment: 'khalti',
      ...payload,
    },
  });

/** An order on `day` in `status`, placed through the API with these names, then moved there directly. */
async function orderWithNames(
  day: string,
  status: 'approved' | 'completed' | 'pending' | 'declined',
  list = names,
  pujaTime: string | null = null,
) {
  const placed = await placeOrder({ names: list });
  expect(placed.statusCode, placed.body).toBe(200);
  const id: number = placed.json().order.id;
  await harness.database.db.update(orders).set({ status, pujaDate: day, pujaTime }).where(eq(orders.id, id));
  return placed.json().order as { id: number; names: { id: number; name: string }[] };
}

const runSheet = (token: string, query = '') =>
  harness.app.inject({ url: `/api/run-sheet${query}`, headers: token ? bearer(token) : {} });
const tick = (nameId: number, token = staff.a, method: 'POST' | 'DELETE' = 'POST') =>
  harness.app.inject({
    method,
    url: `/api/prayer-names/${nameId}/read`,
    headers: token ? bearer(token) : {},
  });

describe('names as a list on the order', () => {
  it('stores the names in the patron’s order, living or departed, with notes, and shows them on the order', async () => {
    const placed = await placeOrder({ names: [...names, { name: '  Karma  ', note: '  ' }] });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order.names).toEqual([
      { id: expect.any(Number), name: names[0]!.name, departed: false, note: null, read_at: null },
      { id: expect.any(Number), name: '陳淑華', departed: true, note: '2025年3月往生', read_at: null },
      { id: expect.any(Number), name: 'Pema Dolma', departed: false, note: 'In hospital', read_at: null },
      { id: expect.any(Number), name: 'Karma', departed: false, note: null, read_at: null },
    ]);
    const own = await harness.app.inject({ url: '/api/order/create', headers: bearer(patron.token) });
    expect(own.json().orders[0].names.map((name: { name: string }) => name.name)).toEqual([
      names[0]!.name,
      '陳淑華',
      'Pema Dolma',
      'Karma',
    ]);
  });

  it('takes an order without names', async () => {
    const placed = await placeOrder({});
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order.names).toEqual([]);
  });

  it('refuses too many names, a name or note too long, and a blank name with 422, storing nothing', async () => {
    const before = await harness.database.db.$count(orders);
    const tooMany = await placeOrder({
      names: Array.from({ length: 31 }, (_, index) => ({ name: `Name ${index}` })),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ names: ['At most 30 names can be given.'] });
    const long = await placeOrder({
      names: [{ name: 'x'.repeat(101) }, { name: 'Dawa', note: 'y'.repeat(201) }],
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({
      'names.0.name': ['A name can be at most 100 characters.'],
      'names.1.note': ['A note can be at most 200 characters.'],
    });
    const blank = await placeOrder({ names: [{ name: '   ', departed: true }] });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ 'names.0.name': ['Write the name, or remove its line.'] });
    const notAList = await placeOrder({ names: 'Pema, Dawa' });
    expect(notAList.statusCode).toBe(422);
    expect(await harness.database.db.$count(orders)).toBe(before);
  });

  it('answers the limits in the request’s language', async () => {
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...bearer(patron.token), 'accept-language': 'ne' },
      payload: {
        monastery: monasteryA,
        puja: pujaId,
        cost: 2500,
        date: addDays(today, 5),
        payment: 'khalti',
        names: [{ name: 'x'.repeat(101) }],
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'names.0.name': ['एउटा नाम बढीमा १०० अक्षरको हुन सक्छ।'] });
  });
});

describe('the run sheet', () => {
  it('lists the day’s approved and completed orders of the staff’s own monastery, by time and puja, with names', async () => {
    const day = addDays(today, 40);
    const early = await orderWithNames(day, 'approved', names, '06:30');
    const untimed = await orderWithNames(day, 'completed', [{ name: 'Dawa', departed: false }]);
    await orderWithNames(day, 'pending');
    await orderWithNames(day, 'declined');
    // Another monastery's order that day is not on this sheet.
    await insertOrder(harness.database.db, offeringB, {
      userId: patron.id,
      pujaDate: day,
      status: 'approved',
    });

    const sheet = await runSheet(staff.a, `?date=${day}`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    const body = sheet.json();
    expect(body).toMatchObject({ date: day, today, total: 2 });
    expect(body.groups.map((group: { time: string | null }) => group.time)).toEqual(['06:30', null]);
    expect(body.groups[0].puja).toEqual({ id: pujaId, name: 'Tara Puja' });
    expect(body.groups[0].orders.map((order: { id: number }) => order.id)).toEqual([early.id]);
    expect(body.groups[1].orders.map((order: { id: number }) => order.id)).toEqual([untimed.id]);
    expect(body.groups[0].orders[0].names).toEqual([
      {
        id: early.names[0]!.id,
        name: names[0]!.name,
        departed: false,
        note: null,
        read_at: null,
        read_by: null,
      },
      {
        id: early.names[1]!.id,
        name: '陳淑華',
        departed: true,
        note: '2025年3月往生',
        read_at: null,
        read_by: null,
      },
      {
        id: early.names[2]!.id,
        name: 'Pema Dolma',
        departed: false,
        note: 'In hospital',
        read_at: null,
        read_by: null,
      },
    ]);
  });

  it('is today in Nepal by default, and refuses a day that is not one', async () => {
    const sheet = await runSheet(staff.a);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.json().date).toBe(today);
    expect((await runSheet(staff.a, '?date=2026-02-30')).statusCode).toBe(422);
    expect((await runSheet(staff.a, '?date=soon')).statusCode).toBe(422);
  });

  it('is bounded: at most RUN_SHEET_MAX_ORDERS orders, and says how many there are', async () => {
    const day = addDays(today, 60);
    const { db } = harness.database;
    for (let index = 0; index < RUN_SHEET_MAX_ORDERS + 1; index++)
      await insertOrder(db, offeringA, { userId: patron.id, pujaDate: day, status: 'approved' });
    const body = (await runSheet(staff.a, `?date=${day}`)).json();
    expect(body.total).toBe(RUN_SHEET_MAX_ORDERS + 1);
    expect(body.groups.flatMap((group: { orders: unknown[] }) => group.orders)).toHaveLength(
      RUN_SHEET_MAX_ORDERS,
    );
  });

  it('is for the monastery’s staff only: 401 signed out, 403 for patrons and administrators', async () => {
    expect((await runSheet('')).statusCode).toBe(401);
    expect((await runSheet(patron.token)).statusCode).toBe(403);
    expect((await runSheet(admin)).statusCode).toBe(403);
    expect((await harness.app.inject({ url: '/api/run-sheet.pdf' })).statusCode).toBe(401);
    expect(
      (await harness.app.inject({ url: '/api/run-sheet.pdf', headers: bearer(patron.token) })).statusCode,
    ).toBe(403);
  });

  it('prints as an A4 PDF in English and in Nepali, with Devanagari and Chinese names drawn', async () => {
    const day = addDays(today, 41);
    const order = await orderWithNames(day, 'approved', names, '07:00');
    await harness.database.db
      .update(orders)
      .set({ intention: 'For a long life' })
      .where(eq(orders.id, order.id));
    const english = await harness.app.inject({
      url: `/api/run-sheet.pdf?date=${day}`,
      headers: bearer(staff.a),
    });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.headers['content-disposition']).toBe(`attachment; filename="run-sheet-${day}.pdf"`);
    const [page] = await extractPdfText(english.rawPayload);
    expect(page).toContain('Run sheet · Gompa A');
    expect(page).toContain('07:00 · Tara Puja');
    expect(page).toContain('राम बहादुर');
    expect(page).toContain('陳淑華 (departed) — 2025年3月往生');
    expect(page).toContain('Pema Dolma (living) — In hospital');
    expect(page).toContain('Intention: For a long life');
    expect(page).not.toContain('?');

    const nepali = await harness.app.inject({
      url: `/api/run-sheet.pdf?date=${day}&lang=ne`,
      headers: bearer(staff.a),
    });
    expect(nepali.statusCode).toBe(200);
    const [nepaliPage] = await extractPdfText(nepali.rawPayload);
    expect(nepaliPage).toContain('Gompa A');
    expect(nepaliPage).toContain('陳淑華');
    expect(nepaliPage).toContain('०७:००');
    expect(nepaliPage).not.toContain('Run sheet');
    expect(
      (await harness.app.inject({ url: '/api/run-sheet.pdf?lang=fr', headers: bearer(staff.a) })).statusCode,
    ).toBe(422);
  });
});

describe('the run of a day as CSV', () => {
  it('is one row per name with a byte-order mark, the tick in Nepal time with its offset, for the monastery’s staff only', async () => {
    const day = addDays(today, -30);
    const order = await orderWithNames(day, 'completed', names, '06:30');
    await harness.database.db
      .update(orderNames)
      .set({ readAt: new Date('2026-01-05T01:00:00Z'), readBy: staffAId })
      .where(eq(orderNames.id, order.names[0]!.id));
    const withoutNames = await orderWithNames(day, 'approved', []);
    const answer = await harness.app.inject({
      url: `/api/run-sheet.csv?date=${day}`,
      headers: bearer(staff.a),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="run-sheet-${day}.csv"`);
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    const lines = answer.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'puja_date,puja_time,puja,order,status,patron,plan,name,departed,note,intention,read_at,read_by',
    );
    const numberOf = async (id: number) =>
      (await harness.database.db.select({ number: orders.number }).from(orders).where(eq(orders.id, id)))[0]!
        .number;
    const number = await numberOf(order.id);
    const [patronRow] = await harness.database.db
      .select({ patronName: users.name })
      .from(users)
      .where(eq(users.id, patron.id));
    const patronName = patronRow!.patronName;
    expect(lines).toContain(
      `${day},06:30,Tara Puja,${number},completed,"${patronName}","","${names[0]!.name}",no,"","",2026-01-05T06:45:00+05:45,"${staff.aName}"`,
    );
    expect(lines).toContain(
      `${day},06:30,Tara Puja,${number},completed,"${patronName}","","陳淑華",yes,"2025年3月往生","",,""`,
    );
    // An order given no names still has its row: the puja is offered for the patron.
    const emptyNumber = await numberOf(withoutNames.id);
    expect(lines.filter((line) => line.includes(`,${emptyNumber},`))).toEqual([
      `${day},,Tara Puja,${emptyNumber},approved,"${patronName}","","",,"","",,""`,
    ]);
    expect(lines).toHaveLength(1 + names.length + 1);

    expect((await harness.app.inject({ url: '/api/run-sheet.csv' })).statusCode).toBe(401);
    expect(
      (await harness.app.inject({ url: '/api/run-sheet.csv', headers: bearer(patron.token) })).statusCode,
    ).toBe(403);
    expect((await harness.app.inject({ url: '/api/run-sheet.csv', headers: bearer(admin) })).statusCode).toBe(
      403,
    );
    // Another monastery's staff see only their own (empty) day.
    const other = await harness.app.inject({
      url: `/api/run-sheet.csv?date=${day}`,
      headers: bearer(staff.b),
    });
    expect(other.body.slice(1).trimEnd().split('\r\n')).toHaveLength(1);
    expect(
      (await harness.app.inject({ url: '/api/run-sheet.csv?date=2026-13-45', headers: bearer(staff.a) }))
        .statusCode,
    ).toBe(422);
  });
});

describe('ticking names as read', () => {
  it('records when and who, is audited once, shows on the patron’s order, and is taken back the same day', async () => {
    const order = await orderWithNames(today, 'approved');
    const [first, second] = order.names;
    const ticked = await tick(first!.id);
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json().name).toMatchObject({
      id: first!.id,
      read_at: expect.any(String),
      read_by: staff.aName,
    });
    const readAt = ticked.json().name.read_at;
    // Ticking again keeps the first tick and records nothing more.
    expect((await tick(first!.id)).json().name.read_at).toBe(readAt);
    const audited = () =>
      harness.database.db
        .select({ action: auditEntries.action, after: auditEntries.after })
        .from(auditEntries)
        .where(and(eq(auditEntries.subjectType, 'order'), eq(auditEntries.subjectId, order.id)));
    expect(await audited()).toEqual([
      { action: 'read-name', after: { name_id: first!.id, read_at: readAt } },
    ]);

    const seen = await harness.app.inject({
      url: `/api/get-messages/${order.id}`,
      headers: bearer(patron.token),
    });
    expect(seen.json().order.names.map((name: { read_at: string | null }) => name.read_at)).toEqual([
      readAt,
      null,
      null,
    ]);

    const untick = await tick(first!.id, staff.a, 'DELETE');
    expect(untick.statusCode).toBe(200);
    expect(untick.json().name).toMatchObject({ read_at: null, read_by: null });
    expect((await audited()).map((entry) => entry.action)).toEqual(['read-name', 'unread-name']);
    // A tick of an earlier day stays: the puja's record is not rewritten afterwards.
    await harness.database.db
      .update(orderNames)
      .set({ readAt: new Date(Date.now() - 3 * 86_400_000), readBy: patron.id })
      .where(eq(orderNames.id, second!.id));
    const late = await tick(second!.id, staff.a, 'DELETE');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('A tick can be taken back only on the day it was made.');
  });

  it('ticks only names of approved or completed pujas whose day has come', async () => {
    const pending = await orderWithNames(today, 'pending');
    expect((await tick(pending.names[0]!.id)).statusCode).toBe(409);
    const future = await orderWithNames(addDays(today, 2), 'approved');
    const early = await tick(future.names[0]!.id);
    expect(early.statusCode).toBe(409);
    expect(await harness.database.db.$count(orderNames, eq(orderNames.id, future.names[0]!.id))).toBe(1);
  });

  it('is for the order’s own monastery’s staff: 401, 403 for patrons and other staff, 404 for no such name', async () => {
    const order = await orderWithNames(today, 'approved');
    const nameId = order.names[0]!.id;
    expect((await tick(nameId, '')).statusCode).toBe(401);
    expect((await tick(nameId, patron.token)).statusCode).toBe(403);
    expect((await tick(nameId, otherPatron)).statusCode).toBe(403);
    expect((await tick(nameId, admin)).statusCode).toBe(403);
    expect((await tick(nameId, staff.b)).statusCode).toBe(403);
    expect((await tick(nameId, staff.b, 'DELETE')).statusCode).toBe(403);
    expect((await tick(999_999)).statusCode).toBe(404);
    expect((await tick(0)).statusCode).toBe(422);
    const [row] = await harness.database.db.select().from(orderNames).where(eq(orderNames.id, nameId));
    expect(row).toMatchObject({ readAt: null, readBy: null });
  });
});

describe('an occurrence of a dedication plan on the run sheet (docs/decisions/056)', () => {
  it('says which plan, which occurrence and for whom, as the order does', async () => {
    await harness.database.db
      .update(monasteryPujas)
      .set({ planKinds: ['forty_nine_days'] })
      .where(eq(monasteryPujas.id, offeringA.id));
    const placed = await harness.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: bearer(patron.token),
      payload: {
        monastery: monasteryA,
        puja: pujaId,
        cost: 2500,
        kind: 'forty_nine_days',
        departed: { name: 'Tenzin Dorje', date_of_death: today },
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const [first] = placed.json().plan.occurrences as { order: { id: number } }[];
    // A day of its own, so no other test's orders share the sheet.
    const day = addDays(today, 200);
    await harness.database.db
      .update(orders)
      .set({ status: 'approved', pujaDate: day })
      .where(eq(orders.id, first!.order.id));
    const sheet = (await runSheet(staff.a, `?date=${day}`)).json();
    const [order] = sheet.groups[0].orders;
    expect(order.plan).toEqual({
      id: placed.json().plan.id,
      kind: 'forty_nine_days',
      occurrence: 1,
      occurrences: 7,
      departed_name: 'Tenzin Dorje',
    });
    expect(order.names[0]).toMatchObject({ name: 'Tenzin Dorje', departed: true });

    // The printed sheet and the spreadsheet say it too, in the language asked for (docs/decisions/059).
    const pdfText = async (lang: string) => {
      const answer = await harness.app.inject({
        url: `/api/run-sheet.pdf?date=${day}&lang=${lang}`,
        headers: bearer(staff.a),
      });
      expect(answer.statusCode).toBe(200);
      return (await extractPdfText(answer.rawPayload)).join('\n');
    };
    expect(await pdfText('en')).toContain('49 days for Tenzin Dorje, 1 of 7');
    // The text layer splits Devanagari around its vowel signs: compared without spaces.
    const withoutSpaces = (text: string) => text.replace(/\s/g, '');
    expect(withoutSpaces(await pdfText('ne'))).toContain(
      withoutSpaces('Tenzin Dorje का लागि ४९ दिन, ७ मध्ये १'),
    );
    const csvPlans = async (lang?: string) => {
      const answer = await harness.app.inject({
        url: `/api/run-sheet.csv?date=${day}${lang ? `&lang=${lang}` : ''}`,
        headers: bearer(staff.a),
      });
      expect(answer.statusCode).toBe(200);
      return csvRecords(answer.body).map((record) => [record.name, record.plan]);
    };
    // One row per name, each carrying its order's plan; English unless Nepali is asked for.
    expect(await csvPlans()).toEqual([['Tenzin Dorje', '49 days for Tenzin Dorje, 1 of 7']]);
    expect(await csvPlans('ne')).toEqual([['Tenzin Dorje', 'Tenzin Dorje का लागि ४९ दिन, 7 मध्ये 1']]);
  });
});
