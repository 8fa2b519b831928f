import fs from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness } from '../../test/money-harness.ts';
import { freshAddress } from '../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { pujas, users } from '../db/schema/index.ts';
import { outboxFile } from '../integrations/sms/outbox-sms.ts';
import { requestLanguage } from '../lib/request-language.ts';

/** The sign-in code's SMS in the reader's language (docs/decisions/019). */
let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

async function codeTextFor(phone: string, headers: Record<string, string> = {}) {
  const sent = await harness.app.inject({
    method: 'POST',
    url: '/api/send-otp',
    remoteAddress: freshAddress(),
    headers,
    payload: { code: '+977', phone },
  });
  expect(sent.statusCode).toBe(200);
  const lines = (await fs.readFile(outboxFile(harness.dataDirectory), 'utf8')).trim().split('\n');
  return (JSON.parse(lines.at(-1)!) as { to: string; text: string }).text;
}

describe('the sign-in code’s SMS', () => {
  it('is in the language of the number’s account, whatever the browser asks', async () => {
    await harness.database.db.insert(users).values({ phone: '+9779816400001', language: 'ne' });
    const text = await codeTextFor('9816400001', { 'accept-language': 'en-US,en;q=0.9' });
    expect(text).toMatch(/^\d{6} Puja मा साइन इन गर्ने तपाईंको कोड हो। यो 5 मिनेटमा समाप्त हुन्छ।/);
  });

  it('is in the browser’s chosen language for a new number: the lang cookie, then Accept-Language', async () => {
    expect(await codeTextFor('9816400002', { cookie: 'theme=dark; lang=zh-Hant' })).toMatch(
      /^\d{6} 是您的 Puja 登入驗證碼/,
    );
    expect(await codeTextFor('9816400003', { 'accept-language': 'fr-FR, ne-NP;q=0.8, en;q=0.5' })).toContain(
      'साइन इन गर्ने',
    );
    expect(await codeTextFor('9816400004', { 'accept-language': 'de-DE' })).toMatch(
      /^\d{6} is your sign-in code for Puja\./,
    );
  });
});

describe('the language a request asks for', () => {
  it('reads the lang cookie first, then the best language we have in Accept-Language', () => {
    expect(requestLanguage({ cookie: 'lang=ne' })).toBe('ne');
    expect(requestLanguage({ cookie: 'lang=xx', 'accept-language': 'zh-TW,zh;q=0.9' })).toBe('zh-Hant');
    expect(requestLanguage({ 'accept-language': 'zh-CN, zh-HK;q=0.5' })).toBe('zh-Hant');
    expect(requestLanguage({ 'accept-language': 'en;q=0.2, ne;q=0.9' })).toBe('ne');
    expect(requestLanguage({ 'accept-language': 'ne;q=0' })).toBeUndefined();
    expect(requestLanguage({})).toBeUndefined();
  });
});

describe('notices about an order', () => {
  it('reach the patron and the monastery’s staff each in their own language', async () => {
    const money = await createMoneyHarness();
    try {
      await money.db.update(users).set({ language: 'zh-Hant' }).where(eq(users.phone, '+9779818000001'));
      await money.db.update(users).set({ language: 'ne' }).where(eq(users.phone, '+9779818000003'));
      const orderId = await money.placeOrder();
      await money.pay(orderId);
      await money.app.jobs.runDueJobs();
      const { number } = await money.order(orderId);
      const texts = (await fs.readFile(outboxFile(money.harness.dataDirectory), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { to: string; text: string })
        .filter((message) => message.text.startsWith(`${number}: `));
      expect(texts.find((message) => message.to === '+9779818000001')?.text).toMatch(
        new RegExp(
          `^${number}: 已收到您 .* Tara Puja的 Rs\\. 2,500。 http://money\\.test/orders\\?oid=${orderId}$`,
        ),
      );
      expect(texts.find((message) => message.to === '+9779818000003')?.text).toMatch(
        new RegExp(`^${number}: (यजमानले|.+ ले) Tara Puja तिर्नुभयो: स्वीकृतिका लागि तयार।`),
      );
    } finally {
      await money.close();
    }
  });

  it('name the puja as the catalogue names it in each reader’s language (docs/decisions/049)', async () => {
    const money = await createMoneyHarness();
    try {
      await money.db.update(users).set({ language: 'zh-Hant' }).where(eq(users.phone, '+9779818000001'));
      await money.db.update(users).set({ language: 'ne' }).where(eq(users.phone, '+9779818000003'));
      await money.db
        .update(pujas)
        .set({ nameNe: 'तारा पूजा', nameZhHant: '度母法會' })
        .where(eq(pujas.slug, 'money-puja'));
      const orderId = await money.placeOrder();
      await money.pay(orderId);
      await money.app.jobs.runDueJobs();
      const { number } = await money.order(orderId);
      const texts = (await fs.readFile(outboxFile(money.harness.dataDirectory), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { to: string; text: string })
        .filter((message) => message.text.startsWith(`${number}: `));
      const patronText = texts.find((message) => message.to === '+9779818000001')?.text;
      expect(patronText).toContain('度母法會');
      expect(patronText).not.toContain('Tara Puja');
      const staffText = texts.find((message) => message.to === '+9779818000003')?.text;
      expect(staffText).toContain('तारा पूजा');
      expect(staffText).not.toContain('Tara Puja');
    } finally {
      await money.close();
    }
  });
});
