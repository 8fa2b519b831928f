/**
 * Khalti ePayment (KPG-2, payments.md): our server initiates a payment and sends the browser to Khalti's
 * payment_url; Khalti sends it back to our return URL with unsigned query values, so only our own
 * look-up (`epayment/lookup/`) decides whether it was paid, and for how much.
 */
export interface KhaltiSettings {
  /** e.g. https://dev.khalti.com/api/v2/ */
  baseUrl: string;
  secretKey: string;
}

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
