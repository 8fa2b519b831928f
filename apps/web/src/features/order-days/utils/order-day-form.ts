import type { OrderDaySettings, UpdateOrderDaySettingsRequest } from '@puja/contract';

/** The settings form's values: numbers as typed (empty: no limit), the cut-off as `HH:MM` or empty. */
export interface OrderDayFormValues extends Record<string, unknown> {
  daily_capacity: string;
  cutoff_time: string;
  pujas: { puja_id: number; name: string; daily_capacity: string }[];
}

const typed = (value: number | null) => (value === null ? '' : String(value));

export function valuesOfSettings(settings: OrderDaySettings): OrderDayFormValues {
  return {
    daily_capacity: typed(settings.daily_capacity),
    cutoff_time: settings.cutoff_time ?? '',
    pujas: settings.pujas.map((puja) => ({
      puja_id: puja.puja_id,
      name: puja.name,
      daily_capacity: typed(puja.daily_capacity),
    })),
  };
}

/**
 * The request the form's checks read (the contract's shape): an empty field is no limit (null), not 0;
 * the version the form was opened at.
 */
export function orderDayRequestOf(
  values: OrderDayFormValues,
  version: number,
): UpdateOrderDaySettingsRequest {
  const limit = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    daily_capacity: limit(values.daily_capacity),
    cutoff_time: values.cutoff_time.trim() === '' ? null : values.cutoff_time.trim(),
    pujas: values.pujas.map((puja) => ({
      puja_id: puja.puja_id,
      daily_capacity: limit(puja.daily_capacity),
    })),
    version,
  };
}

/**
 * The same request as the web app sends it, form fields (docs/api.md): an empty field for "none" (a form
 * has no null), and the pujas' limits as one field holding their JSON.
 */
export function orderDayFieldsOf(values: OrderDayFormValues, version: number) {
  return {
    daily_capacity: values.daily_capacity.trim(),
    cutoff_time: values.cutoff_time.trim(),
    pujas: JSON.stringify(
      values.pujas.map((puja) => ({
        puja_id: puja.puja_id,
        daily_capacity: puja.daily_capacity.trim() === '' ? null : puja.daily_capacity.trim(),
      })),
    ),
    version,
  };
}
