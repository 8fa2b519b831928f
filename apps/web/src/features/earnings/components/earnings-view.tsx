import { Skeleton, Stack } from '@mantine/core';
import { DEFAULT_BUSINESS_TIME_ZONE, todayIn } from '@puja/contract';
import { useState } from 'react';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useEarningsSummary } from '../api/earnings.ts';
import { EarningsFigures } from './earnings-figures.tsx';
import { PayoutsPanel } from './payouts-panel.tsx';
import { monthsUpTo, StatementPanel } from './statement-panel.tsx';

/** How many months the statement's month choice offers, this one first. */
const STATEMENT_MONTHS = 24;

/**
 * One monastery's money (docs/product.md#staff-earnings): the figures, the chosen month's statement and
 * the payouts. The staff's Earnings page shows their own monastery's; an administrator's screen may show
 * any monastery's with the same view.
 */
export function EarningsView({ monasteryId }: { monasteryId: number }) {
  const summary = useEarningsSummary(monasteryId);
  const thisMonth = todayIn(DEFAULT_BUSINESS_TIME_ZONE).slice(0, 7);
  const [month, setMonth] = useState(thisMonth);

  return (
    <Stack gap="lg">
      {summary.isError ? (
        <QueryErrorAlert error={summary.error} onRetry={() => void summary.refetch()} />
      ) : summary.data ? (
        <EarningsFigures summary={summary.data} />
      ) : (
        <Skeleton h={110} aria-busy="true" />
      )}
      <StatementPanel
        monasteryId={monasteryId}
        month={month}
        months={monthsUpTo(thisMonth, STATEMENT_MONTHS)}
        onMonthChange={setMonth}
      />
      <PayoutsPanel monasteryId={monasteryId} />
    </Stack>
  );
}
