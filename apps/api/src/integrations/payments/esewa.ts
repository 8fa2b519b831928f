import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * eSewa ePay v2 (docs/payments.md): the browser posts a signed form to eSewa and comes back to our success URL
 * with base64 JSON `data`, signed the same way. Nothing it brings back counts until the signature checks
 * and eSewa's status API confirms the stored amount.
 */
export const ESEWA_REQUEST_SIGNED_FIELDS = 'total_amount,transaction_uuid,product_code';

export interface EsewaSettings {
  productCode: string;
  secretKey: string;
  /** The form endpoint, e.g. https://rc-epay.esewa.com.np/api/epay/main/v2/form */
  formUrl: string;
  /** The base of the status API, e.g. https://rc.esewa.com.np */
  statusBaseUrl: string;
}

/** HMAC-SHA256, base64, over `name=value` of the signed fields in order, joined by commas. */
export function signEsewaMessage(secretKey: string, message: string): string {
  return createHmac('sha256', secretKey).update(message).digest('base64');
}

export function esewaMessage(fields: Record<string, string>, signedFieldNames: string): string {
  return signedFieldNames
    .split(',')
    .map((name) => `${name}=${fields[name] ?? ''}`)
    .join(',');
}

/** eSewa amounts are rupees written plainly: 1500, 1500.5 (no thousands separators). */
export function formatEsewaAmount(paisa: number): string {
  return (paisa / 100).toFixed(2).replace(/\.?0+$/, '');
}

/** "1,000.0", "1000.00" and 1000 all mean 100000 paisa; anything else is not an amount. */
export function parseEsewaAmount(value: unknown): number | undefined {
  const text = String(value ?? '').replaceAll(',', '');
  if (!/^\d+(\.\d{1,2}0*)?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}

export interface EsewaForm {
  action: string;
  fields: Record<string, string>;
}

export function buildEsewaForm(
  settings: EsewaSettings,
  payment: { amountPaisa: number; transactionUuid: string; successUrl: string; failureUrl: string },
): EsewaForm {
  const amount = formatEsewaAmount(payment.amountPaisa);
  const fields: Record<string, string> = {
    amount,
    tax_amount: '0',
    product_service_charge: '0',
    product_delivery_charge: '0',
    total_amount: amount,
    transaction_uuid: payment.transactionUuid,
    product_code: settings.productCode,
    success_url: payment.successUrl,
    failure_url: payment.failureUrl,
    signed_field_names: ESEWA_REQUEST_SIGNED_FIELDS,
  };
  fields.signature = signEsewaMessage(settings.secretKey, esewaMessage(fields, ESEWA_REQUEST_SIGNED_FIELDS));
  return { action: settings.formUrl, fields };
}

export interface EsewaCallback {
  transaction_code: string;
  status: string;
  total_amount: string;
  transaction_uuid: string;
  product_code: string;
}

/**
 * Decodes the success redirect's `data` and checks its signature over the fields it names, with the
 * values exactly as sent. Undefined when it is malformed or not signed with our key.
 */
export function verifyEsewaCallback(secretKey: string, data: string): EsewaCallback | undefined {
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!payload || typeof payload !== 'object') return undefined;
  const signedFieldNames = payload.signed_field_names;
  const signature = payload.signature;
  if (typeof signedFieldNames !== 'string' || typeof signature !== 'string') return undefined;
  const names = signedFieldNames.split(',');
  // The fields that decide the payment must all be covered by the signature.
  for (const required of ['transaction_code', 'status', 'total_amount', 'transaction_uuid', 'product_code']) {
    if (!names.includes(required)) return undefined;
  }
  const values: Record<string, string> = {};
  for (const name of names) values[name] = String(payload[name] ?? '');
  const expected = Buffer.from(signEsewaMessage(secretKey, esewaMessage(values, signedFieldNames)));
  const received = Buffer.from(signature);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return undefined;
  return {
    transaction_code: values.transaction_code!,
    status: values.status!,
    total_amount: values.total_amount!,
    transaction_uuid: values.transaction_uuid!,
    product_code: values.product_code!,
  };
}

export interface EsewaStatus {
  status: string;
  totalAmountPaisa: number | undefined;
  refId: string | null;
  raw: unknown;
}

/** eSewa's status API: the only word on whether a payment is COMPLETE. */
export async function lookUpEsewaStatus(
  settings: EsewaSettings,
  query: { amountPaisa: number; transactionUuid: string },
): Promise<EsewaStatus> {
  const base = settings.statusBaseUrl.endsWith('/') ? settings.statusBaseUrl : `${settings.statusBaseUrl}/`;
  const url = new URL('api/epay/transaction/status/', base);
  url.searchParams.set('product_code', settings.productCode);
  url.searchParams.set('total_amount', formatEsewaAmount(query.amountPaisa));
  url.searchParams.set('transaction_uuid', query.transactionUuid);
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  const raw = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!raw || typeof raw.status !== 'string') {
    throw new Error(`eSewa status API answered HTTP ${response.status} without a status`);
  }
  return {
    status: raw.status,
    totalAmountPaisa: parseEsewaAmount(raw.total_amount),
    refId: typeof raw.ref_id === 'string' ? raw.ref_id : null,
    raw,
  };
}
