import { Button, Card, Group, List, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  addDays,
  CLOSURE_MAX_DAYS,
  CLOSURE_MESSAGE_MAX_LENGTH,
  type Closure,
  createClosureRequestSchema,
  DEFAULT_BUSINESS_TIME_ZONE,
  type OrderDaySettings,
  todayIn,
} from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DayInput } from '../../../components/day-input.tsx';
import { showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { formatPujaDate } from '../../../lib/formatting.ts';
import { useAttempt } from '../../../lib/use-attempt.ts';
import { useConfirmation } from '../../../lib/use-confirmation.ts';
import { useCreateClosure, useDeleteClosure } from '../api/order-day-settings.ts';

interface ClosureFormValues extends Record<string, unknown> {
  first_day: string | null;
  last_day: string | null;
  message: string;
}

const EMPTY_CLOSURE: ClosureFormValues = { first_day: null, last_day: null, message: '' };

/** "2 – 8 October 2026", or one day. */
function daysOf(closure: Pick<Closure, 'first_day' | 'last_day'>): string {
  return closure.first_day === closure.last_day
    ? formatPujaDate(closure.first_day)
    : `${formatPujaDate(closure.first_day)} – ${formatPujaDate(closure.last_day)}`;
}

/**
 * Closed days (docs/decisions/040): a day or a range with the message patrons read beside the order form's
 * calendar ("Losar retreat"); removing one opens the days again. Orders already on those days stay.
 */
export function ClosuresSection({ settings }: { settings: OrderDaySettings }) {
  const { t } = useTranslation('staff');
  const attempt = useAttempt();
  const create = useCreateClosure();
  const remove = useDeleteClosure();
  const removal = useConfirmation<Closure>();
  const today = todayIn(DEFAULT_BUSINESS_TIME_ZONE);
  const form = useContractForm<ClosureFormValues>(createClosureRequestSchema, EMPTY_CLOSURE, {
    request: (values) => ({ ...values, first_day: values.first_day ?? '', last_day: values.last_day ?? '' }),
  });
  const monasteryId = settings.monastery_id;

  const add = form.onSubmit(async (values) => {
    const outcome = await attempt(
      () =>
        create.mutateAsync({
          params: { monasteryId },
          body: {
            first_day: values.first_day ?? '',
            last_day: values.last_day ?? '',
            message: values.message,
          },
        }),
      { success: t('orderDays.closureAdded'), failure: t('orderDays.closureAddFailed') },
    );
    if (outcome.ok) form.reset();
    else showServerErrors(form, outcome.error);
  });

  async function confirmRemoval() {
    const closure = removal.target;
    if (!closure) return;
    await attempt(() => remove.mutateAsync({ params: { monasteryId, closureId: closure.id } }), {
      success: t('orderDays.closureRemoved'),
      failure: t('orderDays.closureRemoveFailed'),
    });
    removal.close();
  }

  const firstDay = form.getValues().first_day;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="order-day-closures">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="order-day-closures">
            {t('orderDays.closuresTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('orderDays.closuresHint')}
          </Text>
        </div>
        {settings.closures.length === 0 ? (
          <Text size="sm">{t('orderDays.noClosures')}</Text>
        ) : (
          <List spacing="xs" listStyleType="none" data-testid="closures">
            {settings.closures.map((closure) => (
              <List.Item key={closure.id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {daysOf(closure)}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {closure.message}
                    </Text>
                  </div>
                  <Button size="xs" variant="default" onClick={() => removal.ask(closure)}>
                    {t('orderDays.open')}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <form onSubmit={(event) => (create.isPending ? event.preventDefault() : add(event))} noValidate>
          <Stack gap="sm">
            <Text fw={600} size="sm">
              {t('orderDays.addClosure')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DayInput
                label={t('orderDays.firstDay')}
                minDate={today}
                {...form.getInputProps('first_day')}
              />
              <DayInput
                label={t('orderDays.lastDay')}
                minDate={firstDay ?? today}
                maxDate={addDays(firstDay ?? today, CLOSURE_MAX_DAYS - 1)}
                {...form.getInputProps('last_day')}
              />
            </SimpleGrid>
            <Textarea
              label={t('orderDays.message')}
              description={t('orderDays.messageHint')}
              maxLength={CLOSURE_MESSAGE_MAX_LENGTH}
              autosize
              minRows={2}
              {...form.getInputProps('message')}
            />
            <div>
              <Button type="submit" loading={create.isPending}>
                {t('orderDays.close')}
              </Button>
            </div>
          </Stack>
        </form>
      </Stack>
      <ConfirmDialog
        opened={removal.target !== null}
        title={t('orderDays.openConfirmTitle')}
        message={removal.target ? t('orderDays.openConfirm', { days: daysOf(removal.target) }) : ''}
        confirmLabel={t('orderDays.open')}
        cancelLabel={t('orderDays.cancel')}
        confirmColor="blue"
        loading={remove.isPending}
        onConfirm={() => void confirmRemoval()}
        onCancel={removal.close}
      />
    </Card>
  );
}
