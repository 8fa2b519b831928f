import type { AdminStatsResponse, OrderStatus, PaymentProvider } from '@puja/contract';
import { PAYMENT_PROVIDERS } from '@puja/contract';
import dayjs from 'dayjs';
import { formatNumber } from '../../../lib/formatting.ts';

/** Counts in the active language, as the rupee amounts: 1,00,000 in English, १,००,००० in Nepali. */
export function formatCount(value: number): string {
  return formatNumber(value);
}

/** The dashboard's charts take rows keyed by series; the contract sends one entry per month and provider. */

export type RevenueRow = { month: string; label: string } & Record<PaymentProvider, number>;

/** One row per month, oldest first, with each provider's paid revenue (0 when none). */
export function revenueRows(revenueByMonth: AdminStatsResponse['revenueByMonth']): RevenueRow[] {
  const rows = new Map<string, RevenueRow>();
  for (const entry of revenueByMonth) {
    let row = rows.get(entry.month);
    if (!row) {
      row = { month: entry.month, label: monthLabel(entry.month), esewa: 0, khalti: 0, stripe: 0 };
      rows.set(entry.month, row);
    }
    row[entry.provider] += entry.paidRevenue;
  }
  return [...rows.values()].sort((a, b) => a.month.localeCompare(b.month));
}

export function revenueTotal(rows: readonly RevenueRow[], provider: PaymentProvider): number {
  return rows.reduce((sum, row) => sum + row[provider], 0);
}

export const PROVIDERS: readonly PaymentProvider[] = PAYMENT_PROVIDERS;

/**
 * The providers the chart shows: the wallets always, cards once any month has card revenue (a deployment
 * without cards sees no empty series; docs/decisions/052).
 */
export function chartedProviders(rows: readonly RevenueRow[]): PaymentProvider[] {
  return PROVIDERS.filter((provider) => provider !== 'stripe' || revenueTotal(rows, provider) > 0);
}

/** `2026-03` → `Mar 2026`. */
export function monthLabel(month: string): string {
  return dayjs(`${month}-01`).format('MMM YYYY');
}

/** `2026-03-01` (the Sunday a week starts on) → `Mar 1`. */
export function weekLabel(weekStart: string): string {
  return dayjs(weekStart).format('MMM D');
}

export interface WeekRow {
  weekStart: string;
  label: string;
  count: number;
}

export function newUserRows(newUsersByWeek: AdminStatsResponse['newUsersByWeek']): WeekRow[] {
  return [...newUsersByWeek]
    .sort((a, b) => a.weekStart.localeCompare(b.weekStart))
    .map((week) => ({ weekStart: week.weekStart, label: weekLabel(week.weekStart), count: week.count }));
}

export const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow.6',
  approved: 'blue.6',
  declined: 'red.6',
  completed: 'teal.6',
  cancelled: 'gray.6',
  expired: 'orange.6',
};

export const PROVIDER_COLORS: Record<PaymentProvider, string> = {
  esewa: 'green.6',
  khalti: 'violet.6',
  stripe: 'blue.6',
};
