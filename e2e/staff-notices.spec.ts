import { randomUUID } from 'node:crypto';
import { browserKeys, readPush } from '../apps/api/test/stand-ins/push-stand-in.ts';
import { ageWaitingNotices, waitingNotices } from './database.ts';
import { waitForEmail } from './email-inbox.ts';
import { expect, test } from './fixtures.ts';
import { kopanOf, payWithKhalti, placeOrder } from './kopan-orders.ts';
import { PUSH_ORIGIN, waitForPushes } from './push-inbox.ts';
import { e164, signInThroughApi } from './sign-in-helpers.ts';
import { textsTo } from './sms-outbox.ts';
import { bearer, DEMO_KOPAN_STAFF, DEMO_PATRON, signInPage } from './staff-helpers.ts';

/**
 * How staff are told of orders (docs/decisions/041): a staff member switches to an hourly digest on their
 * account page and, an hour of waiting later, receives one digest by SMS, e-mail and a push notification;
 * at each order, a push to their device names the order and opens it. Chromium's push service is out of
 * reach offline, so the device subscribes with the local push service's endpoint (as `PushManager` would
 * answer), and the test reads the server's request as the browser would: VAPID JWT checked, payload
 * decrypted.
 */

const KOPAN_STAFF_PHONE = e164(DEMO_KOPAN_STAFF);
const KOPAN_STAFF_EMAIL = 'kopan-staff@example.com';

interface NoticeSettings {
  sms: boolean;
  email: boolean;
  push: boolean;
  frequency: string;
}

test.describe('staff notices', () => {
  test('an hourly digest by SMS, e-mail and push; at each order a push that opens the order', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const staffToken = await signInPage(page, request, DEMO_KOPAN_STAFF);
    const staff = bearer(staffToken);
    const before = (await (
      await request.get('/api/me/staff-notices', { headers: staff })
    ).json()) as NoticeSettings;
    // This device, as PushManager.subscribe would give it, on the local push service.
    const keys = browserKeys();
    const pushPath = `/push/${randomUUID()}`;
    const endpoint = `${PUSH_ORIGIN}${pushPath}`;
    const subscribed = await request.post('/api/me/push-subscriptions', {
      headers: staff,
      data: { endpoint, keys: keys.json },
    });
    expect(subscribed.ok(), await subscribed.text()).toBe(true);

    try {
      // The staff member chooses e-mail and notifications too, and an hourly digest, on their account page.
      await page.goto('/monastery/account');
      const section = page.getByRole('region', { name: 'How you are told of orders' });
      for (const channel of ['SMS', 'E-mail', 'Notifications on this device']) {
        const box = section.getByRole('checkbox', { name: channel });
        if (!(await box.isChecked())) {
          // Saved at once; the box shows the saved choice once the server has it.
          await box.click();
          await expect(box).toBeChecked();
          await expect(box).toBeEnabled();
        }
      }
      await section.getByRole('textbox', { name: 'How often' }).click();
      await page.getByRole('option', { name: 'A digest every hour' }).click();
      await expect(section.getByRole('textbox', { name: 'How often' })).toHaveValue('A digest every hour');
      await expect
        .poll(
          async () =>
            (
              (await (
                await request.get('/api/me/staff-notices', { headers: staff })
              ).json()) as NoticeSettings
            ).frequency,
        )
        .toBe('hourly');

      // A patron orders and pays: nothing is sent to the staff member yet, the notice waits for the digest.
      const kopan = await kopanOf(request);
      const patron = await signInThroughApi(request, DEMO_PATRON);
      const textsBefore = (await textsTo(KOPAN_STAFF_PHONE)).length;
      const order = await placeOrder(request, patron, kopan, 1, 30);
      await payWithKhalti(request, patron, order.id);
      await expect.poll(() => waitingNotices(KOPAN_STAFF_PHONE)).toBe(1);
      expect((await textsTo(KOPAN_STAFF_PHONE)).slice(textsBefore)).toEqual([]);

      // An hour later (the waiting notices moved an hour back), the every-minute job sends one digest.
      expect(await ageWaitingNotices(KOPAN_STAFF_PHONE, 61)).toBe(1);
      await expect
        .poll(async () => (await textsTo(KOPAN_STAFF_PHONE)).slice(textsBefore), { timeout: 90_000 })
        .toEqual([expect.stringMatching(new RegExp(`new notices about your orders: .*${order.number}`))]);
      const [digest] = (await textsTo(KOPAN_STAFF_PHONE)).slice(textsBefore);
      expect(digest).toMatch(/See the new orders: http.*\/monastery\/orders\?status=to_approve/);
      const mail = await waitForEmail(KOPAN_STAFF_EMAIL, /new notices about your orders/, 30_000);
      expect(mail.text).toContain(order.number);
      const [digestPush] = await waitForPushes(pushPath, 1);
      const read = readPush(digestPush!, PUSH_ORIGIN, keys);
      expect(read.message.title).toMatch(/new notices about your orders/);
      expect(read.message.body).toContain(order.number);
      expect(read.message.url).toMatch(/\/monastery\/orders\?status=to_approve$/);

      // Back to each order: the next paid order is pushed at once, with a link to that order.
      await section.getByRole('textbox', { name: 'How often' }).click();
      await page.getByRole('option', { name: 'At each order' }).click();
      await expect(section.getByRole('textbox', { name: 'How often' })).toHaveValue('At each order');
      await expect
        .poll(
          async () =>
            (
              (await (
                await request.get('/api/me/staff-notices', { headers: staff })
              ).json()) as NoticeSettings
            ).frequency,
        )
        .toBe('each');
      const next = await placeOrder(request, patron, kopan, 2, 31);
      await payWithKhalti(request, patron, next.id);
      const pushes = await waitForPushes(pushPath, 2);
      const single = readPush(pushes[1]!, PUSH_ORIGIN, keys);
      expect(single.message.title).toBe(next.number);
      expect(single.message.url).toMatch(new RegExp(`/monastery/orders/${next.id}$`));
    } finally {
      const { sms, email, push, frequency } = before;
      await request.patch('/api/me/staff-notices', { headers: staff, data: { sms, email, push, frequency } });
      await request.delete(`/api/me/push-subscriptions?endpoint=${encodeURIComponent(endpoint)}`, {
        headers: staff,
      });
    }
  });
});
