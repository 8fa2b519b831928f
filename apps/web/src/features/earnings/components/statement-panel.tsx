import { Button, Group, NativeSelect, Table, Text } from '@mantine/core';
import { STATEMENT_ORDER_LINE_KINDS, type Statement, type StatementLine } from '@puja/contract';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RecordCards } from '../../../components/record-cards.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCurrencyAmount, formatLocale, formatMoney, formatPujaDate } from '../../../lib/formatting.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCardLayout } from '../../../lib/use-card-layout.ts';
import { useDownloadStatement, useStatement } from '../api/earnings.ts';

/** The `count` months ending with `month` (`YYYY-MM`), newest first. */
export function monthsUpTo(month: string, count: number): string[] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const index = year * 12 + (number - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** `November 2026` in the reader's language. */
function monthName(month: string): string {
  return new Intl.DateTimeFormat(formatLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

interface StatementPanelProps {
  monasteryId: number;
  month: string;
  months: string[];
  onMonthChange: (month: string) => void;
}

/** The chosen month's statement on screen, and as PDF or CSV in the reader's language. */
export function StatementPanel({ monasteryId, month, months, onMonthChange }: StatementPanelProps) {
  const { t } = useTranslation('earnings');
  const statement = useStatement(monasteryId, month);
  const download = useDownloadStatement();

  const save = (format: 'pdf' | 'csv') =>
    download.mutate(
      { monasteryId, month, format },
      {
        onSuccess: (name) => notifySuccess(t('statement.downloaded', { name })),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return;
          notifyError(error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' }));
        },
      },
    );

  return (
    <DashboardPanel title={t('statement.title')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('statement.month')}
          value={month}
          onChange={(event) => onMonthChange(event.currentTarget.value)}
          data={months.map((value) => ({ value, label: monthName(value) }))}
        />
        <Button
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          variant="light"
          onClick={() => save('pdf')}
          loading={download.isPending && download.variables?.format === 'pdf'}
        >
          {t('statement.downloadPdf')}
        </Button>
        <Button
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          variant="default"
          onClick={() => save('csv')}
          loading={download.isPending && download.variables?.format === 'csv'}
        >
          {t('statement.downloadCsv')}
        </Button>
      </Group>
      {statement.isError ? (
        <QueryErrorAlert error={statement.error} onRetry={() => void statement.refetch()} />
      ) : statement.data ? (
        <StatementLines statement={statement.data} />
      ) : (
        <Text c="dimmed" aria-busy="true">
          …
        </Text>
      )}
    </DashboardPanel>
  );
}

function StatementLines({ statement }: { statement: Statement }) {
  const { t } = useTranslation('earnings');
  const cards = useCardLayout();
  const describe = (line: StatementLine) => t(`statement.kinds.${line.kind}`, { id: line.payoutId });
  const isOrder = (line: StatementLine) => STATEMENT_ORDER_LINE_KINDS.includes(line.kind);
  const detail = (line: StatementLine) =>
    [line.orderNumber, line.puja, line.reference].filter(Boolean).join(' · ');
  // An order paid by card: what the payer paid in their currency, its rupees and Stripe's fee, as the
  // server recorded them (docs/decisions/057); the fee is the platform's, not the monastery's.
  const cardLines = (line: StatementLine) => {
    const { card } = line;
    if (!card) return [];
    return [
      t('statement.card', {
        amount: formatCurrencyAmount(card.amount, card.currency),
        rupees: formatMoney(card.rupees),
      }),
      ...(card.fee
        ? [
            t('statement.cardFee', {
              fee: formatCurrencyAmount(card.fee.amount, card.fee.currency),
              rupees: formatMoney(card.fee.rupees),
            }),
          ]
        : []),
    ];
  };
  const cardNote = (line: StatementLine) =>
    cardLines(line).map((text) => (
      <Text key={text} size="xs" c="dimmed">
        {text}
      </Text>
    ));
  const balance = (label: string, value: number) => (
    <Group justify="space-between">
      <Text fw={700}>{label}</Text>
      <Text fw={700} c={value < 0 ? 'red.8' : undefined}>
        {formatMoney(value)}
      </Text>
    </Group>
  );

  return (
    <>
      {balance(t('statement.opening'), statement.opening)}
      {cards ? (
        <RecordCards
          label={t('statement.tableLabel')}
          rows={statement.lines}
          rowKey={(line) => `${line.at} ${line.kind} ${line.orderNumber ?? line.payoutId}`}
          title={(line) => <Text fw={600}>{describe(line)}</Text>}
          fields={(line) => [
            { label: t('statement.date'), value: formatPujaDate(line.day) },
            ...(detail(line)
              ? [
                  {
                    label: t('statement.order'),
                    value: (
                      <>
                        {detail(line)}
                        {cardNote(line)}
                      </>
                    ),
                  },
                ]
              : []),
            { label: t('statement.amount'), value: formatMoney(line.amount) },
            ...(isOrder(line)
              ? [{ label: t('statement.commission'), value: formatMoney(line.commission) }]
              : []),
            { label: t('statement.net'), value: line.net === 0 ? '—' : formatMoney(line.net) },
          ]}
          emptyText={t('statement.empty')}
        />
      ) : statement.lines.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('statement.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={t('statement.tableLabel')} verticalSpacing={6} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('statement.date')}</Table.Th>
                <Table.Th>{t('statement.description')}</Table.Th>
                <Table.Th>{t('statement.order')}</Table.Th>
                <Table.Th ta="right">{t('statement.amount')}</Table.Th>
                <Table.Th ta="right">{t('statement.commission')}</Table.Th>
                <Table.Th ta="right">{t('statement.net')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statement.lines.map((line) => (
                <Table.Tr key={`${line.at} ${line.kind} ${line.orderNumber ?? line.payoutId}`}>
                  <Table.Td>{formatPujaDate(line.day)}</Table.Td>
                  <Table.Td>{describe(line)}</Table.Td>
                  <Table.Td>
                    {detail(line)}
                    {cardNote(line)}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(line.amount)}</Table.Td>
                  <Table.Td ta="right">{isOrder(line) ? formatMoney(line.commission) : ''}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {line.net === 0 ? '—' : formatMoney(line.net)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {balance(t('statement.closing'), statement.closing)}
    </>
  );
}
