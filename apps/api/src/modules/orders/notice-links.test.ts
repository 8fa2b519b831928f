import fs from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGES, type Language, LINKED_PAGES } from '@puja/contract';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bringPujaDayToToday, createMoneyHarness, type MoneyHarness } from '../../../test/money-harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { bearer } from '../../../test/session-helpers.ts';
import { users } from '../../db/schema/index.ts';
import { emailOutboxFolder } from '../../integrations/email/outbox-email.ts';
import { outboxFile } from '../../integrations/sms/outbox-sms.ts';

/**
 * Every link in an SMS or e-mail to a patron keeps its promise (issue 29, part 6; docs/decisions/030): in
 * each language, the notices of a whole order's life (paid, approved with a time, a message, completed with
 * photos; cancelled; declined after payment) are sent through the real queue, and every link they carry is
 * opened. A page of the web app must be one of LINKED_PAGES, which the web app's route table is tested to
 * have (apps/web/src/app/linked-pages.test.ts); a link to the API must answer the patron 200.
 */
let money: MoneyHarness;
const PATRON_PHONE = '+9779818000001';
/** The money harness's staff member, texted when an order is paid. */
const STAFF_PHONE = '+9779818000003';
const ORIGIN = 'http://money.test';

beforeAll(async () => {
  money = await createMoneyHarness({ EMAIL_TRANSPORT: 'outbox' });
  await money.db.update(users).set({ email: 'tenzin@example.org' }).where(eq(users.phone, PATRON_PHONE));
});
afterAll(() => money.close());

async function completeWithPhoto(orderId: number) {
  await bringPujaDayToToday(money.db, orderId);
  const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a85' } })
    .jpeg()
    .toBuffer();
  const body = await multipart({ order_id: String(orderId), _method: 'patch' }, [
    { field: 'files[]', bytes: photo, type: 'image/jpeg', name: 'puja.jpg' },
  ]);
  return money.app.inject({
    method: 'POST',
    url: '/api/complete-puja',
    headers: { ...bearer(money.tokens.staff), ...body.headers },
    payload: body.payload,
  });
}

/** An order's whole life, and two that end early, each step answered as it should be. */
async function liveThroughOrders() {
  const completed = await money.placeOrder({ daysAhead: 4 });
  await money.pay(completed);
  expect((await money.staffAction(completed, { time: '07:30' })).statusCode).toBe(200);
  const message = await money.app.inject({
    method: 'POST',
    url: '/api/message',
    headers: bearer(money.tokens.staff),
    payload: { orderID: completed, userID: (await money.order(completed)).userId, message: 'At dawn.' },
  });
  expect(message.statusCode).toBe(200);
  expect((await completeWithPhoto(completed)).statusCode).toBe(200);

  const cancelled = await money.placeOrder();
  expect((await money.cancel(cancelled)).statusCode).toBe(200);
  const declined = await money.placeOrder();
  await money.pay(declined);
  expect((await money.decline(declined)).statusCode).toBe(200);
}

/** What the patron received: every SMS, and every e-mail's text, HTML and calendar event. */
async function patronReceived(): Promise<{ texts: string[]; mails: string[] }> {
  const texts = await money.patronTexts();
  const folder = emailOutboxFolder(money.harness.dataDirectory);
  const mails: string[] = [];
  for (const file of (await fs.readdir(folder)).filter((name) => name.endsWith('.eml'))) {
    const mail = await simpleParser(await fs.readFile(path.join(folder, file)));
    mails.push(
      [
        mail.text ?? '',
        String(mail.html ?? ''),
        ...mail.attachments
          .filter((attachment) => attachment.contentType.startsWith('text/calendar'))
          .map((attachment) => attachment.content.toString('utf8')),
      ].join('\n'),
    );
  }
  return { texts, mails };
}

// A calendar event folds its lines at 75 octets: unfolded before links are read.
const unfold = (text: string) => text.replace(/\r?\n[ \t]/g, '');
const linksIn = (text: string) =>
  [...unfold(text).matchAll(/https?:\/\/[^\s"<>]+/g)].map((match) =>
    // A sentence's own full stop after a link is not part of it.
    match[0].replace(/[.,;:)。：]+$/, ''),
  );

describe.each(LANGUAGES)('the links of the notices a patron receives in %s', (language: Language) => {
  let received: { texts: string[]; mails: string[] };
  beforeAll(async () => {
    const folder = emailOutboxFolder(money.harness.dataDirectory);
    await fs.rm(folder, { recursive: true, force: true });
    await money.db.update(users).set({ language }).where(eq(users.phone, PATRON_PHONE));
    await money.patronTexts(); // what was sent before, in another language, is read past below
    const before = (await money.patronTexts()).length;
    await liveThroughOrders();
    const all = await patronReceived();
    received = { texts: all.texts.slice(before), mails: all.mails };
  });

  it('sends an SMS and an e-mail for each notice', () => {
    // paid, approved, message, completed; cancelled; paid, declined with its refund
    expect(received.texts).toHaveLength(7);
    expect(received.mails).toHaveLength(7);
  });

  it('leads only to pages the web app has, and to API answers the patron can open', async () => {
    const links = [...received.texts, ...received.mails].flatMap(linksIn);
    expect(links.length).toBeGreaterThan(0);
    const pages = new Set<string>(Object.values(LINKED_PAGES));
    for (const link of new Set(links)) {
      const url = new URL(link);
      expect(url.origin, link).toBe(ORIGIN);
      if (url.pathname.startsWith('/api/')) {
        const answer = await money.app.inject({
          url: `${url.pathname}${url.search}`,
          headers: bearer(money.tokens.patron),
        });
        expect(answer.statusCode, link).toBe(200);
      } else {
        expect(pages, link).toContain(url.pathname);
      }
      // An order's page names an order this patron may open.
      const orderId = url.pathname === LINKED_PAGES.orders ? url.searchParams.get('oid') : null;
      if (orderId) {
        const order = await money.app.inject({
          url: `/api/get-messages/${orderId}`,
          headers: bearer(money.tokens.patron),
        });
        expect(order.statusCode, link).toBe(200);
      }
    }
    // The way to turn e-mails off is in every e-mail, and leads to the settings page.
    for (const mail of received.mails)
      expect(linksIn(mail)).toContain(`${ORIGIN}${LINKED_PAGES.accountSettings}`);
  });

  it('gives the monastery’s staff a link to the order on their side, a page the web app has', async () => {
    const lines = (await fs.readFile(outboxFile(money.harness.dataDirectory), 'utf8')).split('\n');
    const staffTexts = lines
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; text: string })
      .filter((message) => message.to === STAFF_PHONE)
      .map((message) => message.text);
    expect(staffTexts.length).toBeGreaterThan(0);
    for (const link of staffTexts.flatMap(linksIn))
      expect(new URL(link).pathname, link).toMatch(new RegExp(`^${LINKED_PAGES.staffOrders}/\\d+$`));
  });

  it('never ends a sentence on a promise of something that does not follow', () => {
    // An e-mail's first line is its greeting, which may end so (您好：).
    const lines = [
      ...received.texts,
      ...received.mails.map((mail) => unfold(mail).split('\n').slice(1).join('\n')),
    ].flatMap((text) => text.split('\n'));
    for (const line of lines) expect(line.trim(), line).not.toMatch(/[:：]$/);
  });

  it('gives the completion a link to the order where its photos are, and the approval its time', () => {
    const completion = received.texts.find((text) => text.includes('/orders?oid=') && /\S+ \S+/.test(text));
    expect(completion).toBeDefined();
    const approval = received.mails.filter((mail) => mail.includes('07:30'));
    // The approval's e-mail (its text, HTML and calendar event), and its SMS.
    expect(approval).toHaveLength(1);
    expect(received.texts.filter((text) => text.includes('07:30'))).toHaveLength(1);
  });
});
