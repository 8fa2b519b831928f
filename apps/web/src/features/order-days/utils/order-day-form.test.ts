import { updateOrderDaySettingsRequestSchema } from '@puja/contract';
import { describe, expect, it } from 'vitest';
import { orderDayFieldsOf, orderDayRequestOf, valuesOfSettings } from './order-day-form.ts';

const settings = {
  monastery_id: 7,
  daily_capacity: null,
  cutoff_time: '18:00',
  pujas: [
    { puja_id: 1, name: 'Green Tara Puja', daily_capacity: 4 },
    { puja_id: 2, name: 'Mahakala Puja', daily_capacity: null },
  ],
  closures: [],
  version: 3,
  updated_at: null,
};

describe('the order days form', () => {
  it('shows no limit as an empty field, and sends an empty field as none', () => {
    const values = valuesOfSettings(settings);
    expect(values).toMatchObject({ daily_capacity: '', cutoff_time: '18:00' });
    expect(values.pujas.map((puja) => puja.daily_capacity)).toEqual(['4', '']);
    const request = updateOrderDaySettingsRequestSchema.parse(orderDayRequestOf(values, 3));
    expect(request).toEqual({
      daily_capacity: null,
      cutoff_time: '18:00',
      pujas: [
        { puja_id: 1, daily_capacity: 4 },
        { puja_id: 2, daily_capacity: null },
      ],
      version: 3,
    });
  });

  it('sends form fields the server reads as the same request: the pujas as one JSON field', () => {
    const values = { ...valuesOfSettings(settings), daily_capacity: ' 40 ', cutoff_time: '' };
    const fields = orderDayFieldsOf(values, 3);
    expect(fields).toEqual({
      daily_capacity: '40',
      cutoff_time: '',
      pujas: JSON.stringify([
        { puja_id: 1, daily_capacity: '4' },
        { puja_id: 2, daily_capacity: null },
      ]),
      version: 3,
    });
    expect(updateOrderDaySettingsRequestSchema.parse(fields)).toEqual({
      daily_capacity: 40,
      cutoff_time: null,
      pujas: [
        { puja_id: 1, daily_capacity: 4 },
        { puja_id: 2, daily_capacity: null },
      ],
      version: 3,
    });
  });

  it('refuses a limit that is not a whole number before sending', () => {
    const values = { ...valuesOfSettings(settings), daily_capacity: '2.5' };
    expect(updateOrderDaySettingsRequestSchema.safeParse(orderDayRequestOf(values, 3)).success).toBe(false);
  });
});
