import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness } from '../../../test/money-harness.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { startSmtpStandIn } from '../../../test/stand-ins/smtp-stand-in.ts';
import { orders, users } from '../../db/schema/index.ts';
import { emailOutboxFolder } from '../../integrations/email/outbox-email.ts';

/**
 * Order e-mails (docs/decisions/019) through the real job queue and nodemailer to a real SMTP server on
 * this machine, read back as a mail program would (mailparser).
 */
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let money: MoneyHarness;
const PATRON_PHONE = '+9779818000001';
const ADDRESS = 'tenzin@example.org';

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  money = await createMoneyHarness({
    EMAIL_TRANSPORT: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    EMAIL_FROM: 'Monastery Puja <pujas@money.test>',
  });
});
afterAll(async () => {
  await money.close();
  await smtp.close();
});

/** The patron of the money harness, as they set themselves up: a name with markup in it, an address. */
async function setPatron(values: Partial<typeof users.$inferInsert>) {
  await money.db.update(users).set(values).where(eq(users.phone, PATRON_PHONE));
}
const numberOf = async (orderId: number) => (await money.order(orderId)).number;
/** Runs the queue, then answers what reached the SMTP server for this order. */
async function mailsAbout(orderId: number) {
  await money.app.jobs.runDueJobs();
  const number = await numberOf(orderId);
  return smtp.messagesTo(ADDRESS).filter((mail) => mail.subject?.startsWith(`${number}: `));
}

describe('e-mails to a patron with an address', () => {
  beforeAll(() => setPatron({ name: 'Tenzin <b>Norbu</b>', email: ADDRESS, language: null }));

  it('sends the receipt when an order is paid: text and HTML parts, the receipt PDF attached', async () => {
    const orderId = await money.placeOrder();
    expect((await money.pay(orderId)).landing).toContain('status=success');
    const [mail, ...others] = await mailsAbout(orderId);
    expect(others).toEqual([]);
    const number = await numberOf(orderId);
    expect(mail!.subject).toBe(`${number}: Payment received for your Tara Puja`);
    expect(mail!.from?.text).toBe('"Monastery Puja" <pujas@money.test>');
    expect(mail!.text).toContain('Dear Tenzin <b>Norbu</b>,');
    expect(mail!.text).toContain('We received your payment of Rs. 2,500 for Tara Puja at Money Gompa on ');
    expect(mail!.text).toContain(`See your order: http://money.test/orders?oid=${orderId}`);
    expect(mail!.text).toContain('You can turn them off in your account settings: http://money.test/account');
    // What the patron typed is text in the HTML part, never markup.
    expect(mail!.html).toContain('Dear Tenzin &#60;b&#62;Norbu&#60;/b&#62;,');
    expect(mail!.html).not.toContain('<b>Norbu');
    expect(mail!.html).toContain(`<a href="http://money.test/orders?oid=${orderId}"`);
    expect(mail!.headers.get('content-language')).toBe('en');
    const [receipt] = mail!.attachments;
    expect(receipt).toMatchObject({ filename: `receipt-${number}.pdf`, contentType: 'application/pdf' });
    expect((await extractPdfText(receipt!.content)).join('\n')).toContain(number);
  });

  it('sends the approval with the puja as a calendar event (.ics, PUBLISH, on Nepal’s day)', async () => {
    const orderId = await money.placeOrder({ daysAhead: 5 });
    await money.pay(orderId);
    await mailsAbout(orderId);
    expect((await money.approve(orderId)).statusCode).toBe(200);
    const approval = (await mailsAbout(orderId)).at(-1)!;
    const order = await money.order(orderId);
    expect(approval.subject).toBe(`${order.number}: Money Gompa approved your Tara Puja`);
    expect(approval.text).toContain('The puja is attached as a calendar event');
    expect(approval.text).toContain('Dates are days in Nepal');
    const [event] = approval.attachments;
    expect(event!.filename).toBe(`puja-${order.number}.ics`);
    expect(event!.contentType).toBe('text/calendar');
    expect(event!.headers.get('content-type')).toMatchObject({ params: { method: 'PUBLISH' } });
    const ics = event!.content.toString('utf8');
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain(`DTSTART;VALUE=DATE:${order.pujaDate.replaceAll('-', '')}`);
    expect(ics).toContain(`UID:${order.number.toLowerCase()}@puja-marketplace`);
  });

  it('quotes the monastery’s message, as written and never as markup', async () => {
    const orderId = await money.placeOrder();
    await money.pay(orderId);
    await mailsAbout(orderId);
    const words = 'Tashi delek! We will pray at dawn.\n<script>alert(1)</script> & light butter lamps.';
    const sent = await money.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/messages`,
      headers: { authorization: `Bearer ${money.tokens.staff}` },
      payload: { message: words },
    });
    expect(sent.statusCode).toBe(200);
    const mail = (await mailsAbout(orderId)).at(-1)!;
    expect(mail.subject).toBe(`${await numberOf(orderId)}: A message from Money Gompa`);
    expect(mail.text).toContain('> Tashi delek! We will pray at dawn.\n> <script>alert(1)</script> & light');
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; light butter lamps.');
    expect(mail.html).not.toContain('<script>');
  });

  it('sends the refund with the receipt, which now has the refund’s page', async () => {
    const orderId = await money.placeOrder();
    await money.pay(orderId);
    expect((await money.decline(orderId)).statusCode).toBe(200);
    const [payment] = await money.attempts(orderId);
    expect((await money.recordRefund(payment!.id, 'ESW-REF-77')).statusCode).toBe(200);
    const mails = await mailsAbout(orderId);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `${await numberOf(orderId)}: Payment received for your Tara Puja`,
      `${await numberOf(orderId)}: Money Gompa could not accept your Tara Puja`,
      `${await numberOf(orderId)}: Your refund was made`,
    ]);
    const refund = mails.at(-1)!;
    expect(refund.text).toContain(
      'Rs. 2,500 has been refunded to your eSewa account (reference ESW-REF-77).',
    );
    const pages = await extractPdfText(refund.attachments[0]!.content);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain('ESW-REF-77');
  });

  it('writes in the patron’s language: Nepali and Traditional Chinese', async () => {
    await setPatron({ language: 'ne' });
    const nepali = await money.placeOrder();
    await money.pay(nepali);
    const [inNepali] = await mailsAbout(nepali);
    expect(inNepali!.subject).toBe(`${await numberOf(nepali)}: तपाईंको Tara Puja को भुक्तानी प्राप्त भयो`);
    expect(inNepali!.text).toContain('हामीले Money Gompa मा');
    expect(inNepali!.text).toContain('आफ्नो अर्डर हेर्नुहोस्');
    expect(inNepali!.headers.get('content-language')).toBe('ne');

    await setPatron({ language: 'zh-Hant' });
    const chinese = await money.placeOrder();
    await money.pay(chinese);
    const [inChinese] = await mailsAbout(chinese);
    expect(inChinese!.subject).toBe(`${await numberOf(chinese)}: 已收到您Tara Puja的付款`);
    expect(inChinese!.text).toContain('我們已收到您為Money Gompa');
    expect(inChinese!.html).toContain('<html lang="zh-Hant">');
    // The SMS of the same notice is in the same language, in its short form (docs/decisions/048).
    expect((await money.patronTexts()).at(-1)).toMatch(/已收到您 .* Tara Puja的 Rs\. 2,500。/);
    await setPatron({ language: null });
  });

  it('sends nothing by e-mail once the patron turns e-mail off, and still texts them', async () => {
    await setPatron({ emailNotices: false });
    const orderId = await money.placeOrder();
    await money.pay(orderId);
    expect(await mailsAbout(orderId)).toEqual([]);
    const number = await numberOf(orderId);
    expect((await money.patronTexts()).some((text) => text.startsWith(`${number}: Payment of`))).toBe(true);
    await setPatron({ emailNotices: true });
  });

  it('sends nothing queued before the patron turned e-mail off', async () => {
    const orderId = await money.placeOrder();
    await money.pay(orderId); // the e-mail is queued, not yet sent
    await setPatron({ emailNotices: false });
    expect(await mailsAbout(orderId)).toEqual([]);
    await setPatron({ emailNotices: true });
  });

  it('leaves the e-mail to be retried while the mail server is down, with no error for anyone', async () => {
    await smtp.stop();
    try {
      const orderId = await money.placeOrder();
      const paid = await money.pay(orderId);
      expect(paid.started.statusCode).toBe(200);
      expect(paid.landing).toContain('status=success');
      await money.app.jobs.runDueJobs();
      const [job] = (
        await money.db.execute<{ attempts: number; last_error: string | null }>(
          sql`SELECT attempts, last_error FROM graphile_worker._private_jobs j
              JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'send-email'`,
        )
      ).rows;
      expect(job).toMatchObject({ attempts: 1 });
      expect(job!.last_error).toMatch(/smtp/);
      // The order, the payment and its SMS are untouched by the e-mail's failure.
      expect((await money.order(orderId)).paymentStatus).toBe('Completed');
      const number = await numberOf(orderId);
      expect((await money.patronTexts()).some((text) => text.startsWith(`${number}: Payment of`))).toBe(true);

      await smtp.start();
      await money.db.execute(sql`UPDATE graphile_worker._private_jobs SET run_at = now()`);
      const [mail] = await mailsAbout(orderId);
      expect(mail!.attachments[0]!.contentType).toBe('application/pdf');
    } finally {
      await smtp.start().catch(() => {});
    }
  });
});

describe('a patron without an address', () => {
  it('gets SMS only: no e-mail is queued', async () => {
    await setPatron({ email: null });
    const before = smtp.messages.length;
    const orderId = await money.placeOrder();
    await money.pay(orderId);
    await money.app.jobs.runDueJobs();
    expect(smtp.messages.length).toBe(before);
    const queued = await money.db.execute(
      sql`SELECT 1 FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t
          ON t.id = j.task_id WHERE t.identifier = 'send-email'`,
    );
    expect(queued.rows).toEqual([]);
    await setPatron({ email: ADDRESS });
  });
});

describe('the development outbox (EMAIL_TRANSPORT unset outside production)', () => {
  let outboxMoney: MoneyHarness;
  beforeAll(async () => {
    outboxMoney = await createMoneyHarness();
    await outboxMoney.db.update(users).set({ email: ADDRESS }).where(eq(users.phone, PATRON_PHONE));
  });
  afterAll(() => outboxMoney.close());

  it('writes each e-mail as an .eml file under DATA_DIR/outbox/email that mail programs read', async () => {
    const orderId = await outboxMoney.placeOrder();
    await outboxMoney.pay(orderId);
    await outboxMoney.app.jobs.runDueJobs();
    const folder = emailOutboxFolder(outboxMoney.harness.dataDirectory);
    const files = (await fs.readdir(folder)).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(await fs.readFile(path.join(folder, files[0]!)));
    const [order] = await outboxMoney.db.select().from(orders).where(eq(orders.id, orderId));
    expect(mail.subject).toBe(`${order!.number}: Payment received for your Tara Puja`);
    expect(mail.to).toMatchObject({ text: ADDRESS });
    expect(mail.attachments[0]!.filename).toBe(`receipt-${order!.number}.pdf`);
  });
});
