/**
 * Khalti ePayment (KPG-2, docs/payments.md): our server initiates a payment and sends the browser to Khalti's
 * payment_url; Khalti sends it back to our return URL with unsigned query values, so only our own
 * look-up (`epayment/lookup/`) decides whether it was paid, and for how much.
 */
export interface KhaltiSettings {
  /** e.g. https://dev.khalti.com/api/v2/ */
  baseUrl: string;
  secretKey: string;
}

/** Khalti answered, and the answer says no (or not what we asked for). */
export class KhaltiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'KhaltiError';
  }
}

/**
 * We do not know what Khalti did: it could not be reached, did not answer in time, failed (5xx, 408, 429)
 * or answered something that is not its JSON. A refund in this state may or may not have happened, so the
 * caller keeps it as asked for and tries again later; Khalti refuses a second refund of the same
 * transaction, and its look-up says `Refunded` once one went through.
 */
export class KhaltiUnavailableError extends Error {
  constructor(
    message: string,
    /** The HTTP status when Khalti answered at all. */
    readonly status: number | null,
    /** The answer's text (cut short), for the log. */
    readonly body: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'KhaltiUnavailableError';
  }
}

/** Khalti's own clear no (4xx with its JSON): asking again will not change it, a person has to look. */
export function isKhaltiRefusal(error: unknown): error is KhaltiError {
  return (
    error instanceof KhaltiError &&
    error.status >= 400 &&
    error.status < 500 &&
    !isRetryableStatus(error.status)
  );
}

/** Nobody knows whether it happened: try again later. */
export function isKhaltiUnavailable(error: unknown): error is KhaltiUnavailableError {
  return error instanceof KhaltiUnavailableError;
}

/** Request Timeout and Too Many Requests say "not now" rather than "no". */
const isRetryableStatus = (status: number) => status === 408 || status === 429;

export interface KhaltiInitiation {
  pidx: string;
  payment_url: string;
  expires_at: string;
}

async function callKhalti(settings: KhaltiSettings, path: string, body: object) {
  const response = await fetch(
    new URL(path, settings.baseUrl.endsWith('/') ? settings.baseUrl : `${settings.baseUrl}/`),
    {
      method: 'POST',
      headers: { authorization: `Key ${settings.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    },
  );
  const answer = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  return { status: response.status, answer };
}

export async function initiateKhaltiPayment(
  settings: KhaltiSettings,
  payment: {
    returnUrl: string;
    websiteUrl: string;
    amountPaisa: number;
    purchaseOrderId: string;
    purchaseOrderName: string;
    customer?: { name?: string; email?: string; phone?: string };
  },
): Promise<KhaltiInitiation> {
  const { status, answer } = await callKhalti(settings, 'epayment/initiate/', {
    return_url: payment.returnUrl,
    website_url: payment.websiteUrl,
    amount: payment.amountPaisa,
    purchase_order_id: payment.purchaseOrderId,
    purchase_order_name: payment.purchaseOrderName,
    ...(payment.customer ? { customer_info: payment.customer } : {}),
  });
  if (status !== 200 || typeof answer?.pidx !== 'string' || typeof answer.payment_url !== 'string') {
    throw new KhaltiError(`Khalti refused to start the payment (HTTP ${status})`, status, answer);
  }
  return { pidx: answer.pidx, payment_url: answer.payment_url, expires_at: String(answer.expires_at ?? '') };
}

export interface KhaltiLookup {
  status: string;
  totalAmountPaisa: number | undefined;
  transactionId: string | null;
  raw: unknown;
}

/** Look-up: `Completed`, `Pending`, `Initiated`, `Refunded`… come with 200; `Expired` and `User canceled` with 400. */
export async function lookUpKhaltiPayment(settings: KhaltiSettings, pidx: string): Promise<KhaltiLookup> {
  const { status, answer } = await callKhalti(settings, 'epayment/lookup/', { pidx });
  if ((status !== 200 && status !== 400) || typeof answer?.status !== 'string') {
    throw new KhaltiError(`Khalti look-up failed (HTTP ${status})`, status, answer);
  }
  const total = answer.total_amount;
  return {
    status: answer.status,
    totalAmountPaisa: typeof total === 'number' && Number.isInteger(total) ? total : undefined,
    transactionId: typeof answer.transaction_id === 'string' ? answer.transaction_id : null,
    raw: answer,
  };
}

/**
 * Khalti's refund API, full refund of a wallet payment: `POST {site}/api/merchant-transaction/{id}/refund/`
 * with no body (a partial refund: `{"amount": paisa}`), where site is the KPG-2 base without its `api/v2/` (https://dev.khalti.com in sandbox).
 * Resolves when Khalti answers 200. Throws {@link KhaltiError} when Khalti refuses (4xx, its `detail` in
 * the message, e.g. already refunded) and {@link KhaltiUnavailableError} when we cannot tell whether the
 * refund happened.
 */
export async function refundKhaltiPayment(
  settings: KhaltiSettings,
  transactionId: string,
  /** Part of the payment, in paisa (a concern's partial refund, docs/decisions/036); all of it when left out. */
  partPaisa?: number,
): Promise<void> {
  // Dot segments would be resolved away by the URL parser even when percent-encoded.
  if (transactionId === '' || transactionId === '.' || transactionId === '..') {
    throw new TypeError(`Not a Khalti transaction id: "${transactionId}"`);
  }
  const base = settings.baseUrl.endsWith('/') ? settings.baseUrl : `${settings.baseUrl}/`;
  // The refund API sits beside KPG-2's `v2/` under the site's `api/`.
  const url = new URL(`../merchant-transaction/${encodeURIComponent(transactionId)}/refund/`, base);
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, {
      method: 'POST',
      // A partial refund names its amount in paisa, as Khalti's refund API takes it; a full one sends nothing.
      ...(partPaisa === undefined
        ? { headers: { authorization: `Key ${settings.secretKey}` } }
        : {
            headers: { authorization: `Key ${settings.secretKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({ amount: partPaisa }),
          }),
      signal: AbortSignal.timeout(15_000),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    throw new KhaltiUnavailableError(
      `Khalti could not be reached to refund transaction ${transactionId}`,
      null,
      undefined,
      { cause: error },
    );
  }
  const answer = parseJsonObject(text);
  if (status === 200 && answer) return;
  if (status >= 400 && status < 500 && !isRetryableStatus(status) && answer) {
    throw new KhaltiError(
      `Khalti refused to refund transaction ${transactionId} (HTTP ${status}): ${khaltiDetail(answer)}`,
      status,
      answer,
    );
  }
  const what = answer ? `HTTP ${status}` : `HTTP ${status}, not its JSON`;
  throw new KhaltiUnavailableError(
    `Khalti did not confirm the refund of transaction ${transactionId} (${what}); try again later`,
    status,
    text.slice(0, 500),
  );
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Khalti explains in `detail`, or per field (`{ amount: ["…"], error_key: "validation_error" }`). */
function khaltiDetail(answer: Record<string, unknown>): string {
  if (typeof answer.detail === 'string' && answer.detail) return answer.detail;
  const fields = Object.entries(answer)
    .filter(([name]) => name !== 'error_key' && name !== 'status_code')
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(' ') : String(value)}`);
  return fields.length > 0 ? fields.join('; ') : JSON.stringify(answer);
}
