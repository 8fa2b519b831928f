import { approximateAmount, type CurrencyCode, type ExchangeRate, isCurrencyCode } from '@puja/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, type ResponseSchema } from './api-client.ts';
import { i18n } from './i18n.ts';

/**
 * Nepal Rastra Bank's rates beside prices (docs/decisions/020). One query for the whole app, under a stable
 * key (the same as `endpointQueryKey(exchangeRatesEndpoint)`), so a server-rendered page can prefill it and
 * every price reads the same answer.
 */
const EXCHANGE_RATES_PATH = '/api/exchange-rates';
export const exchangeRatesQueryKey = [EXCHANGE_RATES_PATH] as const;

/**
 * The answer checked by hand rather than with the contract's exchangeRatesResponseSchema: the rates are
 * read on the public pages, whose first JavaScript carries no zod (docs/decisions/017). A rate that is not
 * one of ours or not a positive number is dropped: no amount rather than a wrong one.
 */
export const exchangeRatesAnswer: ResponseSchema<{ rates: ExchangeRate[] }> = {
  parse(input) {
    const rates = (input as { rates?: unknown } | null)?.rates;
    if (!Array.isArray(rates)) throw new ApiError(0, i18n.t('errors.unexpected'));
    return {
      rates: rates.filter(
        (rate): rate is ExchangeRate =>
          isCurrencyCode(rate?.currency) &&
          typeof rate.rupees_per_unit === 'number' &&
          rate.rupees_per_unit > 0 &&
          typeof rate.published_on === 'string',
      ),
    };
  },
};

/** The server answers the same for an hour; the browser keeps it as long. */
const RATES_FRESH_MS = 60 * 60 * 1000;

/** The rates, fetched once a currency other than rupees is chosen (`enabled`). */
export function useExchangeRates(enabled = true) {
  return useQuery({
    queryKey: exchangeRatesQueryKey,
    queryFn: ({ signal }) => apiRequest(EXCHANGE_RATES_PATH, { signal, schema: exchangeRatesAnswer }),
    staleTime: RATES_FRESH_MS,
    enabled,
  });
}

/** The rate of a currency, or undefined when there is none recent enough (then nothing is shown). */
export function useExchangeRate(currency: string | null | undefined): ExchangeRate | undefined {
  const wanted = isCurrencyCode(currency) ? currency : undefined;
  const { data } = useExchangeRates(wanted !== undefined);
  return wanted ? data?.rates.find((rate) => rate.currency === wanted) : undefined;
}

const amountFormats = new Map<string, Intl.NumberFormat>();
/**
 * `A$54`, `US$3,540`, `¥5,480`: the approximate amount in the currency, in the active language (its own
 * digits in Nepali; international grouping, not the lakhs of rupee amounts).
 */
export function formatApproximateAmount(
  rupees: number,
  rate: Pick<ExchangeRate, 'currency' | 'rupees_per_unit'>,
) {
  const amount = approximateAmount(rupees, rate.rupees_per_unit, rate.currency as CurrencyCode);
  const fractionDigits = Number.isInteger(amount) ? 0 : 1;
  const key = `${i18n.language} ${rate.currency} ${fractionDigits}`;
  let format = amountFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(i18n.language, {
      style: 'currency',
      currency: rate.currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    amountFormats.set(key, format);
  }
  return format.format(amount);
}
