import fs from 'node:fs/promises';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery } from '../../../test/catalogue-fixtures.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEntries, users } from '../../db/schema/index.ts';
import { outboxFile } from '../../integrations/sms/outbox-sms.ts';

/** A monastery's lead invites and removes its own staff, audited; nobody else does (docs/decisions/041). */
let harness: TestApp;
const tokens = { lead: '', staff: '', otherLead: '', admin: '' };
const ids = { lead: 0, staff: 0, otherStaff: 0, kopan: 0 };

beforeAll(async () => {
  harness = await createTestApp({ env: { PUBLIC_URL: 'http://team.test' } });
  const { db } = harness.database;
  const kopan = await insertMonastery(db, { slug: 'team-kopan', name: 'Kopan' });
  const sera = await insertMonastery(db, { slug: 'team-sera', name: 'Sera' });
  ids.kopan = kopan.id;
  const person = async (phone: string, values: Partial<typeof users.$inferInsert>) => {
    const session = await signInByPhone(harness, phone);
    await db.update(users).set(values).where(eq(users.id, session.user.id));
    return session;
  };
  const lead = await person('9818700001', { role: 'monastery', monasteryId: kopan.id });
  const staff = await person('9818700002', { role: 'monastery', monasteryId: kopan.id });
  const otherLead = await person('9818700003', { role: 'monastery', monasteryId: sera.id, isLead: true });
  const admin = await person('9818700004', { role: 'admin' });
  Object.assign(tokens, {
    lead: lead.token,
    staff: staff.token,
    otherLead: otherLead.token,
    admin: admin.token,
  });
  Object.assign(ids, { lead: lead.user.id, staff: staff.user.id, otherStaff: otherLead.user.id });
});
afterAll(() => harness.close());

const call = (token: string, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
  harness.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const audit = async (subjectId: number) =>
  harness.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.subjectType, 'user'), eq(auditEntries.subjectId, subjectId)))
    .orderBy(desc(auditEntries.id));

describe('the lead', () => {
  it('is made by an administrator, audited; only for staff', async () => {
    expect((await call(tokens.lead, 'GET', '/api/monastery/team')).json().can_manage).toBe(false);
    expect(
      (await call(tokens.lead, 'PATCH', `/api/user/${ids.lead}/lead`, { is_lead: true })).statusCode,
    ).toBe(403);
    const made = await call(tokens.admin, 'PATCH', `/api/user/${ids.lead}/lead`, { is_lead: true });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ id: ids.lead, is_lead: true });
    expect((await audit(ids.lead))[0]).toMatchObject({ action: 'update', after: { is_lead: true } });
    const team = (await call(tokens.lead, 'GET', '/api/monastery/team')).json();
    expect(team.can_manage).toBe(true);
    expect(team.members.map((member: { id: number }) => member.id)).toEqual([ids.lead, ids.staff]);
  });

  it('invites a staff member by phone, who is texted and signs in with a code as usual', async () => {
    const invited = await call(tokens.lead, 'POST', '/api/monastery/team', {
      name: 'Ani Pema',
      code: '+977',
      phone: '981-870 0009',
    });
    expect(invited.statusCode).toBe(200);
    const pema = invited.json().members.find((member: { name: string }) => member.name === 'Ani Pema');
    expect(pema).toMatchObject({ phone: '+9779818700009', is_lead: false });
    expect((await audit(pema.id))[0]).toMatchObject({
      action: 'create',
      actorId: ids.lead,
      after: { phone: '+9779818700009', role: 'monastery', monastery_id: ids.kopan },
    });
    await harness.app.jobs.runDueJobs();
    const sms = (await fs.readFile(outboxFile(harness.dataDirectory), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; text: string })
      .filter((message) => message.to === '+9779818700009');
    expect(sms.at(-1)?.text).toContain('You were added to the staff of Kopan');
    expect(sms.at(-1)?.text).toContain('http://team.test/monastery/dashboard');
    const signedIn = await signInByPhone(harness, '9818700009');
    expect(signedIn.user).toMatchObject({ role: 'monastery' });

    // A number that already has an account is not taken over.
    const taken = await call(tokens.lead, 'POST', '/api/monastery/team', {
      name: 'Someone',
      code: '+977',
      phone: '9818700003',
    });
    expect(taken.statusCode).toBe(409);
    const bad = await call(tokens.lead, 'POST', '/api/monastery/team', {
      name: '',
      code: '+977',
      phone: '12',
    });
    expect(bad.statusCode).toBe(422);
  });

  it('removes a staff member of their monastery: archived, signed out, audited', async () => {
    const removed = await call(tokens.lead, 'DELETE', `/api/monastery/team/${ids.staff}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().members.map((member: { id: number }) => member.id)).not.toContain(ids.staff);
    expect((await audit(ids.staff))[0]).toMatchObject({ action: 'archive', actorId: ids.lead });
    expect((await call(tokens.staff, 'GET', '/api/monastery/team')).statusCode).toBe(401);
    expect((await call(tokens.lead, 'DELETE', `/api/monastery/team/${ids.lead}`)).statusCode).toBe(409);
  });
});

describe('anyone else', () => {
  it('a lead cannot see or touch another monastery’s staff, and plain staff cannot change the team', async () => {
    const elsewhere = await call(tokens.otherLead, 'DELETE', `/api/monastery/team/${ids.lead}`);
    expect(elsewhere.statusCode).toBe(404);
    const sera = (await call(tokens.otherLead, 'GET', '/api/monastery/team')).json();
    expect(sera.members.map((member: { id: number }) => member.id)).toEqual([ids.otherStaff]);
    // The lead flag taken back: the former lead can no longer invite.
    await call(tokens.admin, 'PATCH', `/api/user/${ids.lead}/lead`, { is_lead: false });
    const notLead = await call(tokens.lead, 'POST', '/api/monastery/team', {
      name: 'X Y',
      code: '+977',
      phone: '9818700010',
    });
    expect(notLead.statusCode).toBe(403);
    expect(
      (await harness.database.db.select().from(users).where(eq(users.phone, '+9779818700010'))).length,
    ).toBe(0);
    expect((await call(tokens.admin, 'GET', '/api/monastery/team')).statusCode).toBe(403);
  });
});
