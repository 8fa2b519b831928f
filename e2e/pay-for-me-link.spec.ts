import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { extractPdfText } from './pdf-text.ts';
import { pressToSendCode } from './sign-in-helpers.ts';
import { textsThroughTwilio, waitForSignInCode } from './sms-outbox.ts';
import { dayFromToday, detailIn, openSecondBrowser, orderAtKopan } from './staff-helpers.ts';

/**
 * "Pay for me" links (docs/decisions/051): a daughter in Sydney, whose Australian number no Nepali wallet
 * takes, orders a puja and shares a payment link; a relative in Nepal opens it in another browser, signed
 * out, and pays with Khalti in the simulator. The payer lands on the link's page ("paid, thank you"), the
 * patron's order shows it paid, and the receipt names both.
 */
test.describe('a "Pay for me" link', () => {
  // A browser set up in Australia (its region guesses the currency).
  test.use({ locale: 'en-AU' });

  test('a patron abroad shares a payment link; someone signed out pays it with Khalti', async ({
    page,
    browser,
    browserProblems,
  }, testInfo) => {
    // Two browsers, a sign-up and a payment through the simulator: more than one test's usual time.
    test.slow();
    const national = `412${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const phone = `+61${national}`;

    await page.goto('/auth');
    const country = page.getByRole('textbox', { name: 'Country code' });
    await country.click();
    await country.fill('Australia');
    await page.getByRole('option', { name: '+61 Australia', exact: true }).click();
    await page.getByRole('textbox', { name: /Phone number/ }).fill(`0${national}`);
    const since = new Date();
    await pressToSendCode(page, page.getByRole('button', { name: 'Send OTP' }));
    await page.getByRole('textbox', { name: /One-time code/ }).fill(await waitForSignInCode(phone, since));
    await expect(page).toHaveURL(/\/lets-begin$/);
    await page.getByRole('textbox', { name: /Full Name/ }).fill('Pema Dolma');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/monasteries$/);

    // She orders, and at the wallet's page turns back: she has no Nepali wallet.
    const order = await orderAtKopan(
      page,
      {
        puja: 'Green Tara Puja',
        day: dayFromToday(12),
        wallet: 'Khalti',
        beneficiary: 'Tenzin Norbu',
        intention: 'For my father in Pokhara.',
      },
      'cancel',
    );
    const details = page.getByRole('region', { name: 'Puja Details' });
    // The payment step says which methods work from where: the suite's server takes cards too (the
    // Stripe stand-in, playwright.config.ts), so the card is offered beside the link.
    await details.getByRole('button', { name: 'Proceed to payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Proceed to Payment' });
    await expect(payment.getByText(/eSewa and Khalti need a Nepali account/)).toBeVisible();
    await expect(payment.getByText(/or pay by card\./)).toBeVisible();
    await expect(payment.getByRole('button', { name: 'Pay with Card' })).toBeVisible();
    await payment.getByRole('button', { name: 'Close' }).click();

    // She makes the link; it is shown once, to copy or share.
    await details.getByRole('button', { name: 'Share a payment link' }).click();
    const linkField = details.getByRole('textbox', { name: 'Payment link' });
    await expect(linkField).toHaveValue(/\/pay\/[A-Za-z0-9_-]{43}$/);
    const link = new URL(await linkField.inputValue());
    await expect(details.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(link.href).replaceAll('.', '\\.')}$`),
    );

    // A relative in Nepal opens it, signed out: what it is for, never her phone or names.
    const payer = await openSecondBrowser(browser, testInfo, browserProblems);
    await payer.goto(link.pathname);
    await expect(payer.getByRole('heading', { name: 'Pay for a puja' })).toBeVisible();
    await expect(payer.getByText('Kopan Monastery')).toBeVisible();
    await expect(payer.getByText('Green Tara Puja')).toBeVisible();
    await expect(payer.getByText(/Rs\. [\d,]+/).first()).toBeVisible();
    for (const secret of [national, 'Pema', 'Tenzin', 'Pokhara', order.number])
      await expect(payer.getByText(secret)).toHaveCount(0);
    await payer.getByRole('textbox', { name: /Your name/ }).fill('Dawa Tsering');
    await payer.getByRole('button', { name: 'Pay with Khalti' }).click();
    await expect(payer).toHaveURL(/\/simulator\//, { timeout: 30_000 });
    await payer.getByRole('button', { name: /^Pay Rs\./ }).click();
    // Back on the link's page, not on anyone's orders.
    await expect(payer).toHaveURL(new RegExp(`${link.pathname}\\?status=success$`), { timeout: 30_000 });
    await expect(payer.getByText('Paid, thank you')).toBeVisible();
    await payer.context().close();

    // The patron's order is paid, by the payer through her link.
    await page.reload();
    await expect(detailIn(details, 'Payment status')).toHaveText('Received');
    await expect(details.getByText('Paid by Dawa Tsering through your link')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Share a payment link' })).toHaveCount(0);
    // She is told, through Twilio, who paid.
    await expect
      .poll(() => textsThroughTwilio(phone), { timeout: 20_000 })
      .toContainEqual(expect.stringMatching(new RegExp(`^${order.number}: Dawa Tsering paid Rs\\. `)));

    // The receipt names both.
    const downloaded = page.waitForEvent('download');
    await details.getByRole('button', { name: 'Download receipt' }).click();
    const [receipt] = await extractPdfText(await readFile((await (await downloaded).path())!));
    expect(receipt).toContain('Pema Dolma');
    expect(receipt).toMatch(/Paid by\s+Dawa Tsering/);
  });
});
