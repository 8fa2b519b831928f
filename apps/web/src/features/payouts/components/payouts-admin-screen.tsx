import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { MonasteryOwed, Payout, PayoutMethod, PayoutRun } from '@puja/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PageNavigation } from '../../../components/page-navigation.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { endedTheSession, reasonOf } from '../../../lib/contract-form.ts';
import { formatBusinessTime, formatMoney, formatPujaDate } from '../../../lib/formatting.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  downloadTransfers,
  useCommissionRates,
  useOwed,
  usePayoutDetails,
  usePayoutWrites,
  useRun,
  useRuns,
} from '../api/payouts-api.ts';

/**
 * `/admin/payouts` (docs/product.md "Payouts"): what each monastery is owed, from the ledger; a run made
 * by hand after a confirmation with its totals; the runs, each with its transfer file, and each transfer
 * recorded with its reference or marked failed. A monastery's commission rate and payout details are set
 * from its row. Every figure is the server's (the ledger's); the screen computes no money.
 */
export function PayoutsAdminScreen() {
  const { t } = useTranslation('admin');
  usePageTitle(t('payouts.title'));
  const [owedPage, setOwedPage] = useState(1);
  const [runsPage, setRunsPage] = useState(1);
  const owed = useOwed(owedPage);
  const runs = useRuns(runsPage);
  const writes = usePayoutWrites();
  const [confirmingRun, setConfirmingRun] = useState(false);
  const [openRun, setOpenRun] = useState<number | null>(null);
  const [settingsOf, setSettingsOf] = useState<MonasteryOwed | null>(null);
  const failed = useFailureNotice();

  function runNow() {
    writes.startRun.mutate(
      {},
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          setConfirmingRun(false);
          setOpenRun(answer.run.id);
        },
        onError: (error) => {
          setConfirmingRun(false);
          failed(error, t('payouts.runFailed'));
        },
      },
    );
  }

  const data = owed.data;
  return (
    <Stack gap="lg">
      <PageHeading title={t('payouts.title')} intro={t('payouts.intro')} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <div>
              <Title order={2} size="h3">
                {t('payouts.owedTitle')}
              </Title>
              {data && (
                <Text size="sm" c="dimmed" data-testid="payout-schedule">
                  {t('payouts.schedule', {
                    date: formatPujaDate(data.next_payout_on),
                    minimum: formatMoney(data.minimum),
                  })}
                </Text>
              )}
            </div>
            <Button
              onClick={() => setConfirmingRun(true)}
              disabled={!data || data.next_run.monasteries === 0}
            >
              {t('payouts.runNow')}
            </Button>
          </Group>
          <QueryContent query={owed} loading={<Skeleton h={200} />}>
            {(owedNow) => <OwedTable rows={owedNow.monasteries} onSettings={setSettingsOf} />}
          </QueryContent>
          {data && (
            <PageNavigation
              page={owedPage}
              pageSize={data.pageSize}
              total={data.total}
              onChange={setOwedPage}
            />
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('payouts.runsTitle')}
          </Title>
          <QueryContent query={runs} loading={<Skeleton h={120} />}>
            {(page) => <RunsTable runs={page.runs} onOpen={setOpenRun} />}
          </QueryContent>
          {runs.data && (
            <PageNavigation
              page={runsPage}
              pageSize={runs.data.pageSize}
              total={runs.data.total}
              onChange={setRunsPage}
            />
          )}
        </Stack>
      </Paper>

      <ConfirmDialog
        opened={confirmingRun}
        title={t('payouts.runConfirmTitle')}
        message={
          data
            ? t('payouts.runConfirm', {
                count: data.next_run.monasteries,
                amount: formatMoney(data.next_run.amount),
              })
            : ''
        }
        cancelLabel={t('confirm.cancel')}
        confirmLabel={t('payouts.runNow')}
        onConfirm={runNow}
        onCancel={() => setConfirmingRun(false)}
        loading={writes.startRun.isPending}
      />
      <RunModal runId={openRun} onClose={() => setOpenRun(null)} />
      <MonasterySettingsModal owed={settingsOf} onClose={() => setSettingsOf(null)} />
    </Stack>
  );
}

/** A refused write is told with the server's reason, unless the session ended (the sign-in shows). */
function useFailureNotice() {
  const { t } = useTranslation('admin');
  return (error: Error, title: string) => {
    if (!endedTheSession(error))
      notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), { title });
  };
}

const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')} %`;

function OwedTable({
  rows,
  onSettings,
}: {
  rows: MonasteryOwed[];
  onSettings: (row: MonasteryOwed) => void;
}) {
  const { t } = useTranslation('admin');
  if (rows.length === 0) return <Text c="dimmed">{t('payouts.noMonasteries')}</Text>;
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payouts.monastery')}</Table.Th>
            <Table.Th ta="right">{t('payouts.earned')}</Table.Th>
            <Table.Th ta="right">{t('payouts.clawedBack')}</Table.Th>
            <Table.Th ta="right">{t('payouts.paidOut')}</Table.Th>
            <Table.Th ta="right">{t('payouts.inTransit')}</Table.Th>
            <Table.Th ta="right">{t('payouts.held')}</Table.Th>
            <Table.Th ta="right">{t('payouts.dueNow')}</Table.Th>
            <Table.Th>{t('payouts.status')}</Table.Th>
            <Table.Th>{t('payouts.commission')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.monastery.id} data-testid={`owed-${row.monastery.id}`}>
              <Table.Td>{row.monastery.name}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.earned)}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.clawed_back)}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.paid_out)}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.in_transit)}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.held)}</Table.Td>
              <Table.Td ta="right" c={row.due_now < 0 ? 'red' : undefined} data-testid="due-now">
                {formatMoney(row.due_now)}
              </Table.Td>
              <Table.Td>
                {row.hold_reason === null ? (
                  <Badge color="green">{t('payouts.willBePaid')}</Badge>
                ) : (
                  <Text size="sm">
                    {t(`payouts.hold.${row.hold_reason}`, {
                      until: row.hold_until ? formatBusinessTime(row.hold_until) : '',
                    })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{percent(row.commission_basis_points)}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => onSettings(row)}>
                  {t('payouts.settings')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RunsTable({ runs, onOpen }: { runs: PayoutRun[]; onOpen: (runId: number) => void }) {
  const { t } = useTranslation('admin');
  if (runs.length === 0) return <Text c="dimmed">{t('payouts.noRuns')}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payouts.runOn')}</Table.Th>
            <Table.Th>{t('payouts.trigger')}</Table.Th>
            <Table.Th ta="right">{t('payouts.payouts')}</Table.Th>
            <Table.Th ta="right">{t('payouts.amount')}</Table.Th>
            <Table.Th>{t('payouts.status')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.id}>
              <Table.Td>{formatPujaDate(run.run_on)}</Table.Td>
              <Table.Td>{t(`payouts.triggers.${run.trigger}`, { name: run.created_by ?? '' })}</Table.Td>
              <Table.Td ta="right">{run.payouts}</Table.Td>
              <Table.Td ta="right">{formatMoney(run.amount)}</Table.Td>
              <Table.Td>
                {t('payouts.runProgress', { paid: run.paid, failed: run.failed, inTransit: run.in_transit })}
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => onOpen(run.id)}>
                  {t('payouts.open')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RunModal({ runId, onClose }: { runId: number | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const run = useRun(runId);
  const [recording, setRecording] = useState<Payout | null>(null);
  const [failing, setFailing] = useState<Payout | null>(null);
  const failed = useFailureNotice();
  const [downloading, setDownloading] = useState(false);

  async function download() {
    if (runId === null) return;
    setDownloading(true);
    try {
      await downloadTransfers(runId);
    } catch (error) {
      failed(error as Error, t('payouts.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  }

  // The transfer forms are beside the run's dialog, not in it: it closes while one is open.
  return (
    <>
      <Modal
        opened={runId !== null && recording === null && failing === null}
        onClose={onClose}
        title={run.data ? t('payouts.runTitle', { date: formatPujaDate(run.data.run.run_on) }) : ''}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <QueryContent query={run} loading={<Skeleton h={120} />}>
          {(shown) => (
            <Stack gap="md">
              <Group justify="space-between">
                <Text>
                  {t('payouts.runSummary', {
                    count: shown.run.payouts,
                    amount: formatMoney(shown.run.amount),
                  })}
                </Text>
                <Button
                  variant="default"
                  onClick={download}
                  loading={downloading}
                  disabled={shown.run.in_transit === 0}
                >
                  {t('payouts.downloadTransfers')}
                </Button>
              </Group>
              <Table.ScrollContainer minWidth={720}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('payouts.monastery')}</Table.Th>
                      <Table.Th>{t('payouts.account')}</Table.Th>
                      <Table.Th ta="right">{t('payouts.amount')}</Table.Th>
                      <Table.Th>{t('payouts.status')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.payouts.map((payout) => (
                      <Table.Tr key={payout.id} data-testid={`payout-${payout.id}`}>
                        <Table.Td>{payout.monastery.name}</Table.Td>
                        <Table.Td>
                          {t(`payouts.methods.${payout.method}`)} {payout.account}
                        </Table.Td>
                        <Table.Td ta="right">{formatMoney(payout.amount)}</Table.Td>
                        <Table.Td>
                          {payout.status === 'paid'
                            ? t('payouts.paidWith', {
                                reference: payout.reference,
                                date: formatPujaDate(payout.paid_on ?? ''),
                              })
                            : payout.status === 'failed'
                              ? t('payouts.failedBecause', { reason: payout.failure_reason })
                              : t('payouts.statuses.in_transit')}
                        </Table.Td>
                        <Table.Td>
                          {payout.status === 'in_transit' && (
                            <Group gap="xs" wrap="nowrap">
                              <Button size="xs" onClick={() => setRecording(payout)}>
                                {t('payouts.recordTransfer')}
                              </Button>
                              <Button
                                size="xs"
                                color="red"
                                variant="light"
                                onClick={() => setFailing(payout)}
                              >
                                {t('payouts.markFailed')}
                              </Button>
                            </Group>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          )}
        </QueryContent>
      </Modal>
      <TransferModal payout={recording} outcome="paid" onClose={() => setRecording(null)} />
      <TransferModal payout={failing} outcome="failed" onClose={() => setFailing(null)} />
    </>
  );
}

/** Records a transfer's reference and day, or marks it failed with its reason: the form is the confirmation. */
function TransferModal({
  payout,
  outcome,
  onClose,
}: {
  payout: Payout | null;
  outcome: 'paid' | 'failed';
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const writes = usePayoutWrites();
  const failed = useFailureNotice();
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState('');
  const [reason, setReason] = useState('');
  const pending = writes.recordTransfer.isPending || writes.failTransfer.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!payout || pending) return;
    const done = {
      onSuccess: (answer: { message: string }) => {
        notifySuccess(answer.message);
        setReference('');
        setReason('');
        onClose();
      },
      onError: (error: Error) => failed(error, t('payouts.transferFailed')),
    };
    if (outcome === 'paid')
      writes.recordTransfer.mutate(
        { params: { payoutId: payout.id }, body: { reference, paid_on: paidOn } },
        done,
      );
    else writes.failTransfer.mutate({ params: { payoutId: payout.id }, body: { reason } }, done);
  }

  return (
    <Modal
      opened={payout !== null}
      onClose={onClose}
      title={outcome === 'paid' ? t('payouts.recordTransfer') : t('payouts.markFailed')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {payout && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text>
              {t(outcome === 'paid' ? 'payouts.recordIntro' : 'payouts.failIntro', {
                amount: formatMoney(payout.amount),
                monastery: payout.monastery.name,
              })}
            </Text>
            {outcome === 'paid' ? (
              <>
                <TextInput
                  label={t('payouts.reference')}
                  required
                  maxLength={100}
                  value={reference}
                  onChange={(event) => setReference(event.currentTarget.value)}
                  data-autofocus
                />
                <TextInput
                  label={t('payouts.paidOn')}
                  type="date"
                  required
                  value={paidOn}
                  onChange={(event) => setPaidOn(event.currentTarget.value)}
                />
              </>
            ) : (
              <TextInput
                label={t('payouts.failureReason')}
                required
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                data-autofocus
              />
            )}
            <FormButtons
              cancelLabel={t('confirm.cancel')}
              onCancel={onClose}
              cancelDisabled={pending}
              submitLabel={outcome === 'paid' ? t('payouts.recordTransfer') : t('payouts.markFailed')}
              submitting={pending}
              submitColor={outcome === 'paid' ? undefined : 'red'}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** A monastery's commission rate (from a day on) and payout details, each with its history. */
function MonasterySettingsModal({ owed, onClose }: { owed: MonasteryOwed | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={owed !== null}
      onClose={onClose}
      title={owed ? t('payouts.settingsTitle', { monastery: owed.monastery.name }) : ''}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {owed && (
        <Stack gap="xl">
          <CommissionForm monasteryId={owed.monastery.id} />
          <PayoutDetailsForm monasteryId={owed.monastery.id} />
        </Stack>
      )}
    </Modal>
  );
}

function CommissionForm({ monasteryId }: { monasteryId: number }) {
  const { t } = useTranslation('admin');
  const rates = useCommissionRates(monasteryId);
  const writes = usePayoutWrites();
  const failed = useFailureNotice();
  const [basisPoints, setBasisPoints] = useState('');
  const [from, setFrom] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    writes.setCommissionRate.mutate(
      { params: { monasteryId }, body: { basis_points: basisPoints, effective_from: from } },
      {
        onSuccess: () => notifySuccess(t('payouts.rateSaved')),
        onError: (error) => failed(error, t('payouts.rateFailed')),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('payouts.commission')}
        </Title>
        {rates.data && (
          <Text size="sm">
            {rates.data.current.is_default
              ? t('payouts.rateDefault', { rate: percent(rates.data.current.basis_points) })
              : t('payouts.rateOwn', {
                  rate: percent(rates.data.current.basis_points),
                  date: formatPujaDate(rates.data.current.effective_from ?? ''),
                })}
            {rates.data.upcoming &&
              ` ${t('payouts.rateUpcoming', {
                rate: percent(rates.data.upcoming.basis_points),
                date: formatPujaDate(rates.data.upcoming.effective_from),
              })}`}
          </Text>
        )}
        <Group align="flex-end">
          <TextInput
            label={t('payouts.basisPoints')}
            description={t('payouts.basisPointsHint')}
            inputMode="numeric"
            value={basisPoints}
            onChange={(event) => setBasisPoints(event.currentTarget.value)}
          />
          <TextInput
            label={t('payouts.effectiveFrom')}
            type="date"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <Button type="submit" loading={writes.setCommissionRate.isPending}>
            {t('payouts.saveRate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PayoutDetailsForm({ monasteryId }: { monasteryId: number }) {
  const { t } = useTranslation('admin');
  const details = usePayoutDetails(monasteryId);
  const writes = usePayoutWrites();
  const failed = useFailureNotice();
  const [method, setMethod] = useState<PayoutMethod>('bank');
  const [holder, setHolder] = useState('');
  const [bank, setBank] = useState('');
  const [branch, setBranch] = useState('');
  const [account, setAccount] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    writes.setPayoutDetails.mutate(
      {
        params: { monasteryId },
        body: {
          method,
          account_holder: holder,
          account,
          ...(method === 'bank' ? { bank_name: bank, ...(branch ? { branch } : {}) } : {}),
        },
      },
      {
        onSuccess: () => notifySuccess(t('payouts.detailsSaved')),
        onError: (error) => failed(error, t('payouts.detailsFailed')),
      },
    );
  }

  const current = details.data?.current;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('payouts.details')}
        </Title>
        <Text size="sm">
          {current
            ? t('payouts.detailsCurrent', {
                method: t(`payouts.methods.${current.method}`),
                holder: current.account_holder,
                account: [current.bank_name, current.branch, current.account].filter(Boolean).join(', '),
              })
            : t('payouts.detailsNone')}
          {details.data?.hold_until &&
            ` ${t('payouts.detailsHold', { until: formatBusinessTime(details.data.hold_until) })}`}
        </Text>
        <Text size="xs" c="dimmed">
          {t('payouts.detailsHoldHint')}
        </Text>
        <Select
          label={t('payouts.method')}
          data={(['bank', 'esewa', 'khalti'] as const).map((value) => ({
            value,
            label: t(`payouts.methods.${value}`),
          }))}
          value={method}
          onChange={(value) => value && setMethod(value as PayoutMethod)}
          allowDeselect={false}
        />
        <TextInput
          label={t('payouts.holder')}
          value={holder}
          onChange={(e) => setHolder(e.currentTarget.value)}
        />
        {method === 'bank' && (
          <Group grow>
            <TextInput
              label={t('payouts.bank')}
              value={bank}
              onChange={(e) => setBank(e.currentTarget.value)}
            />
            <TextInput
              label={t('payouts.branch')}
              value={branch}
              onChange={(e) => setBranch(e.currentTarget.value)}
            />
          </Group>
        )}
        <TextInput
          label={method === 'bank' ? t('payouts.accountNumber') : t('payouts.walletId')}
          value={account}
          onChange={(e) => setAccount(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={writes.setPayoutDetails.isPending}>
            {t('payouts.saveDetails')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
