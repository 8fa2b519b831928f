import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, type Plan } from '@puja/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMoneyHarness, type MoneyHarness } from '../../../test/money-harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { dedicationPlans } from '../../db/schema/index.ts';

/**
 * The departed's photo on a plan (docs/decisions/060), through the HTTP API against PostgreSQL and the
 * local private storage: the patron adds, replaces and removes it; the plan's monastery's staff read it on
 * each occurrence's page through a signed link; nobody else reads it; a deleted account takes it along.
 */
let money: MoneyHarness;
let otherStaff: string;

beforeAll(async () => {
  money = await createMoneyHarness();
  otherStaff = (await money.otherMonasteryStaff('9818000031')).token;
});
afterAll(() => money.close());
afterEach(() => vi.restoreAllMocks());

/** A small picture carrying camera data that must not survive. */
function picture(colour = { r: 180, g: 90, b: 30 }, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width: 60, height: 80, channels: 3, background: colour } }).withExif({
    IFD0: { Artist: 'Hidden Person', Copyright: 'home-address-in-exif' },
  });
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
}

async function upload(
  planId: number,
  bytes: Buffer,
  { token = money.tokens.patron, type = 'image/jpeg', name = 'father.jpg' } = {},
) {
  const form = await multipart({}, [{ field: 'photo', bytes, type, name }]);
  return money.app.inject({
    method: 'POST',
    url: `/api/plans/${planId}/departed-photo`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
}

const remove = (planId: number, token = money.tokens.patron) =>
  money.app.inject({ method: 'DELETE', url: `/api/plans/${planId}/departed-photo`, headers: bearer(token) });

const orderPage = (orderId: number, token: string) =>
  money.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(token) });

async function placed(token = money.tokens.patron): Promise<Plan> {
  const response = await money.placePlan({ diedDaysAgo: 0, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().plan;
}

async function photoUrlOf(planId: number): Promise<string | null | undefined> {
  return (await money.plan(planId)).json<{ plan: Plan }>().plan.departed?.photo_url;
}

const storedPhotos = async (planId: number) =>
  fs
    .readdir(path.join(money.harness.dataDirectory, 'private', 'departed-photos', String(planId)))
    .catch(() => []);

describe('the departed’s photo', () => {
  it('is added by the patron, kept privately without camera data, and read through a signed link', async () => {
    const plan = await placed();
    expect(plan.departed?.photo_url).toBeNull();

    const added = await upload(plan.id, await picture());
    expect(added.statusCode, added.body).toBe(200);
    const url = added.json<{ plan: Plan }>().plan.departed?.photo_url;
    expect(url).toMatch(
      new RegExp(`^/api/departed-photos/${plan.id}/[0-9a-f]{32}\\?expires=\\d+&signature=[\\w-]+$`),
    );
    // Kept in the private area, never under the public uploads.
    expect(await storedPhotos(plan.id)).toHaveLength(1);
    await expect(
      fs.readdir(path.join(money.harness.dataDirectory, 'uploads', 'departed-photos')),
    ).rejects.toThrow();

    const file = await money.app.inject({ url: url! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('private, max-age=600');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(file.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 60, height: 80 });
    expect(metadata.exif).toBeUndefined();
    expect(file.rawPayload.toString('latin1')).not.toContain('home-address-in-exif');
  });

  it('is shown to the plan’s monastery’s staff on every occurrence’s page, and to nobody else', async () => {
    const plan = await placed();
    await upload(plan.id, await picture());
    for (const { order } of plan.occurrences) {
      const page = await orderPage(order.id, money.tokens.staff);
      expect(page.statusCode).toBe(200);
      const url = page.json().departed_photo_url;
      expect(url).toMatch(new RegExp(`^/api/departed-photos/${plan.id}/`));
      expect((await money.app.inject({ url })).statusCode).toBe(200);
    }
    const first = plan.occurrences[0]!.order.id;
    // Another monastery's staff, the patron and other patrons cannot open the staff's page at all.
    expect((await orderPage(first, otherStaff)).statusCode).toBe(403);
    expect((await orderPage(first, money.tokens.patron)).statusCode).toBe(403);
    expect((await orderPage(first, money.tokens.otherPatron)).statusCode).toBe(403);
    // Administrators read the order but not the photo: it is for the monks' shrine.
    const asAdmin = await orderPage(first, money.tokens.admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().departed_photo_url).toBeNull();
    // Nor does the order itself carry it (the patron's orders list, the staff's tables).
    const own = await money.app.inject({ url: '/api/order/create', headers: bearer(money.tokens.patron) });
    expect(own.body).not.toContain('departed-photos');
    // Nor the plan for anyone but its patron.
    expect((await money.plan(plan.id, money.tokens.otherPatron)).statusCode).toBe(403);
    expect((await money.plan(plan.id, money.tokens.staff)).statusCode).toBe(403);
    // An order of its own (no plan) has none.
    const single = await money.placeOrder();
    expect((await orderPage(single, money.tokens.staff)).json().departed_photo_url).toBeNull();
  });

  it('is added or removed by the plan’s patron only', async () => {
    const plan = await placed();
    const bytes = await picture();
    expect((await upload(plan.id, bytes, { token: money.tokens.otherPatron })).statusCode).toBe(403);
    expect((await upload(plan.id, bytes, { token: money.tokens.staff })).statusCode).toBe(403);
    expect((await upload(plan.id, bytes, { token: money.tokens.admin })).statusCode).toBe(403);
    const signedOut = await money.app.inject({
      method: 'POST',
      url: `/api/plans/${plan.id}/departed-photo`,
      ...(await multipart({}, [{ field: 'photo', bytes, type: 'image/jpeg', name: 'a.jpg' }])),
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await upload(999_999, bytes)).statusCode).toBe(404);
    expect(await storedPhotos(plan.id)).toEqual([]);

    expect((await upload(plan.id, bytes)).statusCode).toBe(200);
    expect((await remove(plan.id, money.tokens.otherPatron)).statusCode).toBe(403);
    expect((await remove(plan.id, money.tokens.staff)).statusCode).toBe(403);
    expect(await photoUrlOf(plan.id)).toBeTruthy();
    expect(await storedPhotos(plan.id)).toHaveLength(1);
  });

  it('refuses what is not a photo, whatever its name and type say, and a file over the limit', async () => {
    const plan = await placed();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
    const asJpeg = await upload(plan.id, pdf, { type: 'image/jpeg', name: 'father.jpg' });
    expect(asJpeg.statusCode).toBe(422);
    // A picture with markup hidden in it (a polyglot) is refused too.
    const polyglot = Buffer.concat([await picture(), Buffer.from('<script>alert(1)</script>')]);
    expect((await upload(plan.id, polyglot)).statusCode).toBe(422);
    // A PNG said to be a JPEG is the browser's mistake, named.
    const mislabelled = await upload(plan.id, await picture(undefined, 'png'), { type: 'image/jpeg' });
    expect(mislabelled.statusCode).toBe(422);
    // No file at all.
    const empty = await money.app.inject({
      method: 'POST',
      url: `/api/plans/${plan.id}/departed-photo`,
      headers: bearer(money.tokens.patron),
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
    const tooLarge = Buffer.concat([await picture(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    expect((await upload(plan.id, tooLarge)).statusCode).toBe(413);
    // Nothing was kept by any of them.
    expect(await photoUrlOf(plan.id)).toBeNull();
    expect(await storedPhotos(plan.id)).toEqual([]);
  });

  it('is replaced (the old link then finds nothing, its file gone) and removed', async () => {
    const plan = await placed();
    const first = (await upload(plan.id, await picture())).json<{ plan: Plan }>().plan.departed!.photo_url!;
    const replaced = await upload(plan.id, await picture({ r: 20, g: 160, b: 200 }, 'png'), {
      type: 'image/png',
      name: 'father.png',
    });
    expect(replaced.statusCode).toBe(200);
    const second = replaced.json<{ plan: Plan }>().plan.departed!.photo_url!;
    expect(second.split('?')[0]).not.toBe(first.split('?')[0]);
    expect((await money.app.inject({ url: first })).statusCode).toBe(404);
    expect((await money.app.inject({ url: second })).statusCode).toBe(200);
    expect(await storedPhotos(plan.id)).toHaveLength(1);
    // The staff's page links to the new one.
    const page = await orderPage(plan.occurrences[0]!.order.id, money.tokens.staff);
    expect(page.json().departed_photo_url.split('?')[0]).toBe(second.split('?')[0]);

    const removed = await remove(plan.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ plan: Plan }>().plan.departed).toMatchObject({
      name: 'Tenzin Dorje',
      photo_url: null,
    });
    expect((await money.app.inject({ url: second })).statusCode).toBe(404);
    expect(await storedPhotos(plan.id)).toEqual([]);
    expect(
      (await orderPage(plan.occurrences[0]!.order.id, money.tokens.staff)).json().departed_photo_url,
    ).toBeNull();
    // Removing it again changes nothing.
    expect((await remove(plan.id)).statusCode).toBe(200);
  });

  it('refuses a forged, borrowed or expired link', async () => {
    const plan = await placed();
    const url = (await upload(plan.id, await picture())).json<{ plan: Plan }>().plan.departed!.photo_url!;
    const forged = url.replace(/signature=[^&]+/, 'signature=forged');
    expect((await money.app.inject({ url: forged })).statusCode).toBe(403);
    // The signature of one plan's photo does not open another plan's.
    const other = await placed();
    await upload(other.id, await picture());
    const borrowed = url.replace(`/departed-photos/${plan.id}/`, `/departed-photos/${other.id}/`);
    expect((await money.app.inject({ url: borrowed })).statusCode).toBe(403);
    // A later expiry written into the link breaks its signature.
    const extended = url.replace(/expires=\d+/, (found) => `expires=${Number(found.slice(8)) + 3600}`);
    expect((await money.app.inject({ url: extended })).statusCode).toBe(403);
    // Not a photo's name at all: refused as the request it is.
    expect(
      (await money.app.inject({ url: `/api/departed-photos/${plan.id}/x?expires=1&signature=a` })).statusCode,
    ).toBe(422);

    // The link itself stops working after 15 minutes.
    expect((await money.app.inject({ url })).statusCode).toBe(200);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 16 * 60 * 1000);
    expect((await money.app.inject({ url })).statusCode).toBe(403);
  });

  it('belongs only to a plan for someone who has died', async () => {
    const monthly = await money.placePlan({ kind: 'monthly', day_of_month: 1, departed: null });
    expect(monthly.statusCode, monthly.body).toBe(200);
    const plan: Plan = monthly.json().plan;
    expect(plan.departed).toBeNull();
    const refused = await upload(plan.id, await picture());
    expect(refused.statusCode).toBe(409);
    expect(await storedPhotos(plan.id)).toEqual([]);
  });

  it('goes with the patron’s account, with the departed’s name; the date of death stays for the days', async () => {
    const leaving = await signInByPhone(money.harness, '9818000032');
    const plan = await placed(leaving.token);
    const url = (await upload(plan.id, await picture(), { token: leaving.token })).json<{ plan: Plan }>().plan
      .departed!.photo_url!;
    const deleted = await money.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(leaving.token),
      payload: { confirmation: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await money.db.select().from(dedicationPlans).where(eq(dedicationPlans.id, plan.id));
    expect(row).toMatchObject({
      departedName: null,
      departedPhotoKey: null,
      dateOfDeath: plan.departed!.date_of_death,
    });
    expect(await storedPhotos(plan.id)).toEqual([]);
    expect((await money.app.inject({ url })).statusCode).toBe(404);
    // The staff's page of its (now cancelled) occurrence names nobody and shows no photo.
    const page = await orderPage(plan.occurrences[0]!.order.id, money.tokens.staff);
    expect(page.statusCode).toBe(200);
    expect(page.json().departed_photo_url).toBeNull();
    expect(page.json().order.plan.departed_name).toBeNull();
  });
});
