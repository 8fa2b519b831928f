import '../../../lib/staff-strings.ts';
import '../../../lib/orders-strings.ts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DEFAULT_BUSINESS_TIME_ZONE, type RunSheetName, type RunSheetOrder, todayIn } from '@puja/contract';
import { IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DayInput } from '../../../components/day-input.tsx';
import { OrderPlanLabel } from '../../../components/order-plan-label.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { reasonOf } from '../../../lib/contract-form.ts';
import { formatPujaDate, formatTimeIn } from '../../../lib/formatting.ts';
import { notifyError } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { downloadRunSheet, downloadRunSheetCsv, useRunSheet, useTickName } from '../api/run-sheet.ts';

/**
 * `/monastery/run-sheet` (docs/product.md#run-sheet): the day's approved pujas (today in Nepal unless
 * another day is picked), by time and puja, each order with its names and intention. On a phone during
 * the puja, a monk ticks each name as it is read; the tick is saved at once, with the time, and the
 * patron sees it on their order. The same sheet prints as an A4 PDF in English or Nepali.
 */
export function RunSheetPage() {
  const { t, i18n } = useTranslation('staff');
  usePageTitle(t('runSheet.title'));
  const today = todayIn(DEFAULT_BUSINESS_TIME_ZONE);
  const [date, setDate] = useState(today);
  const sheet = useRunSheet(date);
  const [printing, setPrinting] = useState(false);

  async function download(format: 'en' | 'ne' | 'csv') {
    setPrinting(true);
    try {
      // The CSV's words (a plan's label) in the staff's language where the sheet has it, else English.
      const csvLanguage = i18n.language === 'ne' ? 'ne' : 'en';
      await (format === 'csv' ? downloadRunSheetCsv(date, csvLanguage) : downloadRunSheet(date, format));
    } catch (error) {
      notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })));
    } finally {
      setPrinting(false);
    }
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('runSheet.title')}
        </Title>
        <Text c="dimmed">{t('runSheet.intro')}</Text>
      </Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DayInput
          label={t('runSheet.date')}
          value={date}
          onChange={(day) => setDate(day ?? today)}
          style={{ minWidth: 200 }}
        />
        <Button variant="default" onClick={() => setDate(today)} disabled={date === today}>
          {t('runSheet.today')}
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconPrinter size={18} aria-hidden />}
          loading={printing}
          onClick={() => void download('en')}
        >
          {t('runSheet.download')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconPrinter size={18} aria-hidden />}
          loading={printing}
          onClick={() => void download('ne')}
        >
          {t('runSheet.downloadNe')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          loading={printing}
          onClick={() => void download('csv')}
        >
          {t('runSheet.downloadCsv')}
        </Button>
      </Group>
      {sheet.isPending && <Skeleton height={160} />}
      {sheet.isError && <QueryErrorAlert error={sheet.error} onRetry={() => void sheet.refetch()} />}
      {sheet.data && (
        <Stack gap="xl">
          <Text fw={600}>{formatPujaDate(sheet.data.date)}</Text>
          {sheet.data.groups.length === 0 && <Text>{t('runSheet.empty')}</Text>}
          {sheet.data.groups.map((group) => (
            <Stack key={`${group.puja.id}-${group.time ?? ''}`} gap="sm" component="section">
              <Title order={2} fz="h3">
                {group.time ? t('day.nepalTime', { ns: 'prices', time: group.time }) : t('runSheet.noTime')}
                {' · '}
                {group.puja.name}
              </Title>
              {group.orders.map((order) => (
                <RunSheetOrderCard
                  key={order.id}
                  order={order}
                  canTick={sheet.data.date <= sheet.data.today}
                />
              ))}
            </Stack>
          ))}
          {sheet.data.total > sheet.data.groups.reduce((count, group) => count + group.orders.length, 0) && (
            <Alert color="yellow" variant="light">
              {t('runSheet.more', {
                count:
                  sheet.data.total -
                  sheet.data.groups.reduce((count, group) => count + group.orders.length, 0),
              })}
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function RunSheetOrderCard({ order, canTick }: { order: RunSheetOrder; canTick: boolean }) {
  const { t } = useTranslation('staff');
  return (
    <Paper withBorder p="sm" radius="md" data-testid="run-sheet-order">
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Anchor component={Link} to={`/monastery/orders/${order.id}`} fw={600}>
            {order.number}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('runSheet.patron', { name: order.patron })}
          </Text>
        </Group>
        <OrderPlanLabel plan={order.plan} />
        {order.intention && <Text size="sm">{t('runSheet.intention', { intention: order.intention })}</Text>}
        {order.names.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('runSheet.noNames')}
          </Text>
        )}
        {!canTick && order.names.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('runSheet.notToday')}
          </Text>
        )}
        {order.names.map((name) => (
          <NameTick key={name.id} name={name} disabled={!canTick} />
        ))}
      </Stack>
    </Paper>
  );
}

/** One name to read, with a large tick box for a thumb on a phone. */
function NameTick({ name, disabled }: { name: RunSheetName; disabled: boolean }) {
  const { t } = useTranslation('staff');
  const ticks = useTickName();

  async function toggle(read: boolean) {
    try {
      await ticks.tick(name.id, read);
    } catch (error) {
      notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), { title: t('runSheet.failed') });
      void ticks.refresh();
    }
  }

  return (
    <Stack gap={2} data-testid="run-sheet-name">
      <Checkbox
        size="lg"
        checked={name.read_at !== null}
        disabled={disabled || ticks.pending === name.id}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        aria-label={t('runSheet.markRead', { name: name.name })}
        label={
          <Group gap={6} wrap="wrap">
            <Text span fz="lg" fw={600}>
              {name.name}
            </Text>
            {name.departed && (
              <Badge size="sm" variant="light" color="gray" c="dark.7">
                {t('names.departedBadge', { ns: 'orders' })}
              </Badge>
            )}
          </Group>
        }
        description={name.note ?? undefined}
      />
      {name.read_at && (
        <Text size="sm" c="green.9" pl={40}>
          {t('runSheet.readBy', {
            time: t('day.nepalTime', {
              ns: 'prices',
              time: formatTimeIn(name.read_at, DEFAULT_BUSINESS_TIME_ZONE),
            }),
            who: name.read_by ?? '',
          })}
        </Text>
      )}
    </Stack>
  );
}
