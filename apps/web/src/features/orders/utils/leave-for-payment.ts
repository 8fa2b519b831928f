/**
 * The two ways the browser leaves for a wallet (docs/payments.md): eSewa takes a form post of signed fields,
 * Khalti a plain redirect. Kept apart so tests can stand in for leaving the page, which jsdom cannot do.
 * Both addresses come from our server; only http(s) ones are followed, never `javascript:` or the like.
 */
function webAddress(address: string): string {
  const url = new URL(address, window.location.href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`Refusing to leave for a payment page at ${url.protocol} address`);
  }
  return url.href;
}

/** Posts `fields` to `action` as an ordinary form, so the whole page goes to eSewa. */
export function postPaymentForm(action: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = webAddress(action);
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** Sends the page to Khalti's payment page. */
export function goToPaymentPage(address: string): void {
  window.location.assign(webAddress(address));
}
