import type { Config } from '../../config/env.ts';
import type { EsewaSettings } from './esewa.ts';
import type { KhaltiSettings } from './khalti.ts';
import type { StripeSettings } from './stripe.ts';

/**
 * Where each provider lives in each PAYMENT_MODE (docs/payments.md). In `simulator` mode both point at the
 * simulator this app serves under /simulator, which speaks the same protocols, so the adapters and the
 * code paths tested are the real ones.
 */
export const ESEWA_TEST_MERCHANT = { productCode: 'EPAYTEST', secretKey: '8gBm/:&EnhH.1/q' } as const;
/** The simulator's own Khalti merchant key: it guards nothing real. */
export const SIMULATOR_KHALTI_KEY = 'simulator-khalti-secret-key';
export const SIMULATOR_PREFIX = '/simulator';

export interface PaymentSettings {
  mode: Config['PAYMENT_MODE'];
  esewa: EsewaSettings;
  khalti: KhaltiSettings;
  /** Cards through Stripe, when the deployment turned them on (docs/decisions/052); in every mode alike. */
  stripe: StripeSettings | undefined;
}

/**
 * @param serverUrl how this server reaches itself (the simulator's address in simulator mode); the browser
 * reaches it at PUBLIC_URL.
 */
export function resolvePaymentSettings(config: Config, serverUrl: string): PaymentSettings {
  return { ...walletSettings(config, serverUrl), stripe: stripeSettings(config) };
}

/** Stripe's address comes from STRIPE_API_BASE whatever the mode: Stripe's own test keys are its sandbox. */
function stripeSettings(config: Config): StripeSettings | undefined {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return undefined;
  return {
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
  };
}

function walletSettings(config: Config, serverUrl: string): Omit<PaymentSettings, 'stripe'> {
  switch (config.PAYMENT_MODE) {
    case 'simulator':
      return {
        mode: 'simulator',
        esewa: {
          productCode: config.ESEWA_PRODUCT_CODE ?? ESEWA_TEST_MERCHANT.productCode,
          secretKey: config.ESEWA_SECRET_KEY ?? ESEWA_TEST_MERCHANT.secretKey,
          formUrl: `${config.publicUrl}${SIMULATOR_PREFIX}/esewa/api/epay/main/v2/form`,
          statusBaseUrl: `${serverUrl}${SIMULATOR_PREFIX}/esewa/`,
        },
        khalti: {
          baseUrl: `${serverUrl}${SIMULATOR_PREFIX}/khalti/api/v2/`,
          secretKey: config.KHALTI_SECRET_KEY ?? SIMULATOR_KHALTI_KEY,
        },
      };
    case 'sandbox':
      return {
        mode: 'sandbox',
        esewa: {
          productCode: config.ESEWA_PRODUCT_CODE ?? ESEWA_TEST_MERCHANT.productCode,
          secretKey: config.ESEWA_SECRET_KEY ?? ESEWA_TEST_MERCHANT.secretKey,
          formUrl: config.ESEWA_FORM_URL ?? 'https://rc-epay.esewa.com.np/api/epay/main/v2/form',
          statusBaseUrl: config.ESEWA_STATUS_URL ?? 'https://rc.esewa.com.np',
        },
        khalti: {
          baseUrl: config.KHALTI_BASE_URL ?? 'https://dev.khalti.com/api/v2/',
          secretKey: config.KHALTI_SECRET_KEY!,
        },
      };
    case 'live':
      return {
        mode: 'live',
        esewa: {
          productCode: config.ESEWA_PRODUCT_CODE!,
          secretKey: config.ESEWA_SECRET_KEY!,
          formUrl: config.ESEWA_FORM_URL ?? 'https://epay.esewa.com.np/api/epay/main/v2/form',
          statusBaseUrl: config.ESEWA_STATUS_URL ?? 'https://epay.esewa.com.np',
        },
        khalti: {
          baseUrl: config.KHALTI_BASE_URL ?? 'https://khalti.com/api/v2/',
          secretKey: config.KHALTI_SECRET_KEY!,
        },
      };
  }
}
