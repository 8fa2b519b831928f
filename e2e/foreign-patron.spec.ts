import { randomInt } from 'node:crypto';
import { waitForEmail } from './email-inbox.ts';
import { expect, test } from './fixtures.ts';
import { pressToSendCode } from './sign-in-helpers.ts';
import { textsThroughTwilio, waitForSignInCode } from './sms-outbox.ts';
import { dayFromToday, orderAtKopan } from './staff-helpers.ts';

/**
 * A patron far from Nepal (docs/decisions/019): the suite's server routes SMS by destination, so an
 * Australian number's code goes through the Twilio stand-in, not the outbox Nepali numbers use; the
 * patron's e-mails go through the stand-in SMTP server (playwright.config.ts).
 */

/** A new Australian mobile number each run (04xx xxx xxx, written without the trunk 0). */
function freshAustralianNumber(): string {
  return `412${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

test.describe('a patron with an Australian number', () => {
  // A browser set up in Australia (its region guesses the currency).
  test.use({ locale: 'en-AU' });

  test('signs in with the code Twilio carried, orders, pays and receives the receipt by e-mail', async ({
    page,
  }) => {
    // A sign-up through the Twilio stand-in, an order and a payment through the simulator: with two runs
    // side by side on two cores, the sign-up alone has taken 20 of a test's usual 45 s.
    test.slow();
    const national = freshAustralianNumber();
    const phone = `+61${national}`;
    const email = `pema.${national}@example.com.au`;

    await page.goto('/auth');
    const country = page.getByRole('textbox', { name: 'Country code' });
    await country.click();
    await country.fill('Australia');
    await page.getByRole('option', { name: '+61 Australia', exact: true }).click();
    await page.getByRole('textbox', { name: /Phone number/ }).fill(`0${national}`);
    const since = new Date();
    await pressToSendCode(page, page.getByRole('button', { name: 'Send OTP' }));
    await expect(page.getByText('SMS Sent')).toBeVisible();
    const code = await waitForSignInCode(phone, since);
    // The code went through Twilio, the provider for numbers abroad.
    expect((await textsThroughTwilio(phone)).at(-1)).toContain(code);
    // The sixth digit sends the code by itself.
    await page.getByRole('textbox', { name: /One-time code/ }).fill(code);
    await expect(page.getByText("You're Logged In")).toBeVisible();

    // A new patron gives their name and the address their e-mails go to.
    await expect(page).toHaveURL(/\/lets-begin$/);
    await page.getByRole('textbox', { name: /Full Name/ }).fill('Pema Dolma');
    await page.getByRole('textbox', { name: /E-mail/ }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/monasteries$/);

    // Prices in the patron's currency: a browser in Australia guesses Australian dollars, shown beside the
    // rupees (the stand-in's rates), while the price stays in rupees.
    await page.goto('/monastery/kopan-monastery');
    const card = page
      .getByTestId('offering-card')
      .filter({ has: page.getByRole('heading', { name: 'Green Tara Puja', exact: true }) });
    await expect(card.getByText(/Rs\. [\d,]+/).first()).toBeVisible();
    await expect(card.getByTestId('approximate-price')).toHaveText(/^≈ A\$\d[\d,.]*$/);

    const order = await orderAtKopan(
      page,
      {
        puja: 'Green Tara Puja',
        day: dayFromToday(12),
        wallet: 'eSewa',
        beneficiary: 'Pema Dolma',
        intention: 'For my family in Sydney and in Nepal.',
      },
      'pay',
    );

    // The receipt reaches the patron's inbox, with the receipt PDF attached.
    const receipt = await waitForEmail(email, new RegExp(`^${order.number}: Payment received`));
    expect(receipt.subject).toBe(`${order.number}: Payment received for your Green Tara Puja`);
    expect(receipt.text).toContain('Dear Pema Dolma,');
    expect(receipt.text).toMatch(
      /We received your payment of Rs\. [\d,]+ for Green Tara Puja at Kopan Monastery/,
    );
    expect(receipt.text).toContain(`/orders?oid=${order.id}`);
    expect(receipt.attachments).toEqual([
      expect.objectContaining({ filename: `receipt-${order.number}.pdf`, contentType: 'application/pdf' }),
    ]);
    // And the same notice by SMS, through Twilio again.
    await expect
      .poll(() => textsThroughTwilio(phone), { timeout: 20_000 })
      .toContainEqual(expect.stringMatching(new RegExp(`^${order.number}: Payment of `)));
  });
});
