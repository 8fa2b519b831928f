import { MONASTERY_GALLERY_MAX } from '@puja/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery } from '../../../test/catalogue-fixtures.ts';
import { multipart } from '../../../test/multipart.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { auditEntries, users } from '../../db/schema/index.ts';

/** A harness with its monastery, two of its staff, another monastery's staff, an administrator, a patron. */
async function world(review: boolean) {
  const harness = await createTestApp({ env: { MONASTERY_PAGE_REVIEW: String(review) } });
  const { db } = harness.database;
  const home = await insertMonastery(db, {
    slug: 'page-home',
    name: 'Gompa Home',
    description: 'Old words.',
  });
  const other = await insertMonastery(db, { slug: 'page-other', name: 'Gompa Other' });
  const signIn = async (phone: string, set: Partial<typeof users.$inferInsert>) => {
    const session = await signInByPhone(harness, phone);
    await db.update(users).set(set).where(eq(users.id, session.user.id));
    return session.token;
  };
  return {
    harness,
    home,
    staff: await signIn('9817300001', { role: 'monastery', monasteryId: home.id, name: 'Lama Dawa' }),
    otherStaff: await signIn('9817300002', { role: 'monastery', monasteryId: other.id }),
    admin: await signIn('9817300003', { role: 'admin', name: 'Admin Pema' }),
    patron: (await signInByPhone(harness, '9817300004')).token,
  };
}
type World = Awaited<ReturnType<typeof world>>;

const picture = (background: string) =>
  sharp({ create: { width: 60, height: 40, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function save(
  w: World,
  fields: Record<string, string | string[]>,
  files: { field: string; bytes: Buffer }[] = [],
  token = w.staff,
) {
  const body = await multipart(
    fields,
    files.map((file) => ({ ...file, type: 'image/jpeg', name: 'picture.jpg' })),
  );
  return w.harness.app.inject({
    method: 'POST',
    url: '/api/monastery-page',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}
const ownPage = (w: World, token = w.staff) =>
  w.harness.app.inject({ url: '/api/monastery-page', headers: bearer(token) });
const publicPage = async (w: World) =>
  (await w.harness.app.inject({ url: `/api/monastery/${w.home.slug}/edit` })).json().monastery;
const proposals = (w: World) =>
  w.harness.app.inject({ url: '/api/admin/monastery-pages', headers: bearer(w.admin) });
const decide = (w: World, id: number, how: 'approve' | 'reject', payload?: object) =>
  w.harness.app.inject({
    method: 'POST',
    url: `/api/admin/monastery-pages/${id}/${how}`,
    headers: bearer(w.admin),
    ...(payload ? { payload } : {}),
  });
const fields = {
  description: 'A Gelug monastery on Kopan hill, home to 360 monks.',
  // In Nepali too (docs/decisions/049); no Chinese: it stays null, and Chinese readers read the English.
  description_ne: 'कोपन डाँडामा ३६० भिक्षु बस्ने गेलुग गुम्बा।',
  address: 'Kopan Hill, Budhanilkantha, Kathmandu',
  phone: '+977 1-4821268',
  email: 'office@kopan.test',
};

describe('with the administrators’ review (the default)', () => {
  let w: World;
  beforeAll(async () => {
    w = await world(true);
  });
  afterAll(() => w.harness.close());

  it('a save waits as a proposal: visitors still see the old page, staff see it pending, the admin sees old and new', async () => {
    const version = (await ownPage(w)).json().monastery.version;
    const saved = await save(w, { ...fields, version: String(version) }, [
      { field: 'image', bytes: await picture('#aa3322') },
      { field: 'gallery[]', bytes: await picture('#22aa33') },
      { field: 'gallery[]', bytes: await picture('#2233aa') },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json();
    expect(answer.outcome).toBe('proposed');
    expect(answer.review).toBe(true);
    expect(answer.page.description).toBe('Old words.');
    expect(answer.pending).toMatchObject({
      status: 'pending',
      proposed_by: 'Lama Dawa',
      page: { ...fields, image_path: expect.stringMatching(/^\/uploads\/catalogue\/page-home-/) },
    });
    expect(answer.pending.page.gallery).toHaveLength(2);

    // Visitors see only what is approved.
    const live = await publicPage(w);
    expect(live).toMatchObject({
      description: 'Old words.',
      address: null,
      phone: null,
      email: null,
      gallery: [],
    });

    // The administrator's list: the live page and the proposed one, and what differs.
    const list = (await proposals(w)).json().proposals;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      monastery: { name: 'Gompa Home', slug: 'page-home' },
      proposed_by: 'Lama Dawa',
      current: { description: 'Old words.', address: null },
      proposed: fields,
      changed: ['description', 'description_ne', 'image_path', 'gallery', 'address', 'phone', 'email'],
      stale: false,
    });
    const proposal = await w.harness.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'propose-page'), eq(auditEntries.subjectId, w.home.id)));
    expect(proposal).toHaveLength(1);
  });

  it('approving puts it live (the catalogue read again), audited; the staff see the outcome', async () => {
    const [pending] = (await proposals(w)).json().proposals;
    const approved = await decide(w, pending.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().proposals).toEqual([]);
    const live = await publicPage(w);
    expect(live).toMatchObject({ ...fields, description_zh_hant: null });
    expect(live.gallery).toEqual(pending.proposed.gallery);
    expect(live.image_path).toBe(pending.proposed.image_path);
    const own = (await ownPage(w)).json();
    expect(own.pending).toBeNull();
    expect(own.last_decided).toMatchObject({ id: pending.id, status: 'approved', reason: null });
    expect(own.monastery.version).toBe(pending.monastery.version + 1);
    // Decided once: a second decision is refused, and changes nothing.
    expect((await decide(w, pending.id, 'approve')).statusCode).toBe(409);
    expect((await decide(w, pending.id, 'reject', { reason: 'Late.' })).statusCode).toBe(409);
    expect((await decide(w, 999_999, 'approve')).statusCode).toBe(404);
    const [entry] = await w.harness.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'approve-page'));
    expect(entry).toMatchObject({ subjectType: 'monastery', subjectId: w.home.id });
  });

  it('keeps the gallery pictures it is told to, in order, adds new ones, and refuses others’ or too many', async () => {
    const own = (await ownPage(w)).json();
    const [first, second] = own.page.gallery as string[];
    const version = String(own.monastery.version);
    const kept = await save(w, { ...fields, keep_gallery: [second!, first!], version }, [
      { field: 'gallery[]', bytes: await picture('#999999') },
    ]);
    expect(kept.statusCode, kept.body).toBe(200);
    const gallery = kept.json().pending.page.gallery;
    expect(gallery.slice(0, 2)).toEqual([second, first]);
    expect(gallery).toHaveLength(3);
    // The cover is kept when none is sent.
    expect(kept.json().pending.page.image_path).toBe(own.page.image_path);

    const foreign = await save(w, { ...fields, keep_gallery: '/uploads/elsewhere.webp', version });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.keep_gallery).toBeDefined();
    const many = await save(
      w,
      { ...fields, version },
      await Promise.all(
        Array.from({ length: MONASTERY_GALLERY_MAX + 1 }, async () => ({
          field: 'gallery[]',
          bytes: await picture('#123456'),
        })),
      ),
    );
    expect(many.statusCode).toBe(422);
    // The refused saves left the pending proposal as it was.
    expect((await ownPage(w)).json().pending.page.gallery).toEqual(gallery);
  });

  it('a newer proposal replaces the pending one; rejecting says why to the staff and changes nothing live', async () => {
    const own = (await ownPage(w)).json();
    const version = String(own.monastery.version);
    // The gallery kept as it is live: only the words change.
    const saved = await save(w, {
      ...fields,
      description: 'Newer words.',
      keep_gallery: own.page.gallery,
      version,
    });
    expect(saved.statusCode).toBe(200);
    const list = (await proposals(w)).json().proposals;
    expect(list).toHaveLength(1);
    expect(list[0].proposed.description).toBe('Newer words.');
    expect(list[0].changed).toEqual(['description']);

    expect((await decide(w, list[0].id, 'reject', { reason: '  ' })).statusCode).toBe(422);
    const rejected = await decide(w, list[0].id, 'reject', { reason: 'Please keep the number of monks.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const after = (await ownPage(w)).json();
    expect(after.pending).toBeNull();
    expect(after.last_decided).toMatchObject({
      status: 'rejected',
      reason: 'Please keep the number of monks.',
    });
    expect((await publicPage(w)).description).toBe(fields.description);
  });

  it('respects versions: a save from an old version is refused (409); a proposal overtaken by an admin’s edit cannot be approved', async () => {
    const version = (await ownPage(w)).json().monastery.version;
    const old = await save(w, { ...fields, version: String(version - 1) });
    expect(old.statusCode).toBe(409);
    expect(old.json().stale).toMatchObject({ version });

    const proposed = await save(w, { ...fields, description: 'Staff words.', version: String(version) });
    expect(proposed.statusCode).toBe(200);
    // An administrator edits the monastery meanwhile.
    const body = await multipart({
      name: 'Gompa Home',
      description: 'Admin words.',
      status: '1',
      version: String(version),
    });
    const edited = await w.harness.app.inject({
      method: 'PATCH',
      url: `/api/monastery/${w.home.id}`,
      headers: { ...bearer(w.admin), ...body.headers },
      payload: body.payload,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [stale] = (await proposals(w)).json().proposals;
    expect(stale.stale).toBe(true);
    const refused = await decide(w, stale.id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().stale).toMatchObject({ changed_by: 'Admin Pema' });
    expect((await publicPage(w)).description).toBe('Admin words.');
  });

  it('is the monastery’s staff’s own: others are refused, and bad input changes nothing', async () => {
    expect((await w.harness.app.inject({ url: '/api/monastery-page' })).statusCode).toBe(401);
    expect((await ownPage(w, w.patron)).statusCode).toBe(403);
    expect((await ownPage(w, w.admin)).statusCode).toBe(403);
    // Another monastery's staff edit their own page, never this one.
    const theirs = (await ownPage(w, w.otherStaff)).json();
    expect(theirs.monastery.slug).toBe('page-other');
    expect(
      (await proposals(w)).json().proposals.map((p: { monastery: { slug: string } }) => p.monastery.slug),
    ).not.toContain('page-other');
    for (const token of [w.staff, w.patron])
      expect(
        (await w.harness.app.inject({ url: '/api/admin/monastery-pages', headers: bearer(token) }))
          .statusCode,
      ).toBe(403);
    const version = String((await ownPage(w)).json().monastery.version);
    const before = (await ownPage(w)).json().pending;
    for (const bad of [
      { description: '' },
      { email: 'not an address' },
      { phone: 'call us' },
      { address: 'x'.repeat(301) },
    ]) {
      const refused = await save(w, { ...fields, version, ...bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await save(w, { ...fields })).statusCode).toBe(422);
    const notPicture = await save(w, { ...fields, version }, [
      { field: 'image', bytes: Buffer.from('not a picture at all') },
    ]);
    expect(notPicture.statusCode).toBe(422);
    expect((await ownPage(w)).json().pending).toEqual(before);
  });
});

describe('without the review (MONASTERY_PAGE_REVIEW=false)', () => {
  let w: World;
  beforeAll(async () => {
    w = await world(false);
  });
  afterAll(() => w.harness.close());

  it('a save is live at once, audited as an update, with no proposal', async () => {
    const version = (await ownPage(w)).json().monastery.version;
    const saved = await save(w, { ...fields, version: String(version) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ outcome: 'published', review: false, pending: null });
    expect(saved.json().monastery.version).toBe(version + 1);
    expect(await publicPage(w)).toMatchObject(fields);
    expect((await proposals(w)).json().proposals).toEqual([]);
    const [entry] = await w.harness.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'update'), eq(auditEntries.subjectId, w.home.id)));
    expect(entry?.after).toMatchObject({ description: fields.description, address: fields.address });
    // The same version again is a save from an old copy.
    expect((await save(w, { ...fields, version: String(version) })).statusCode).toBe(409);
  });
});
