import { Button, Card, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  type OrderDaySettings,
  orderDaySettingsEndpoint,
  updateOrderDaySettingsRequestSchema,
} from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StaleVersionAlert } from '../../../components/stale-version-alert.tsx';
import { endedTheSession, reasonOf, showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { endpointQueryOptions } from '../../../lib/endpoint-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useStaleVersion } from '../../../lib/use-stale-version.ts';
import { useUpdateOrderDaySettings } from '../api/order-day-settings.ts';
import {
  type OrderDayFormValues,
  orderDayFieldsOf,
  orderDayRequestOf,
  valuesOfSettings,
} from '../utils/order-day-form.ts';

interface OrderDaySettingsFormProps {
  settings: OrderDaySettings;
}

/**
 * The daily capacity (the monastery's and each puja's) and the cut-off for tomorrow's pujas
 * (docs/decisions/040), saved with the version the form was opened at: a save after someone else's is
 * refused and the form offers to reload (StaleVersionAlert).
 */
export function OrderDaySettingsForm({ settings }: OrderDaySettingsFormProps) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const versions = useStaleVersion(settings.version);
  const update = useUpdateOrderDaySettings();
  const form = useContractForm<OrderDayFormValues>(
    updateOrderDaySettingsRequestSchema,
    valuesOfSettings(settings),
    { request: (values) => orderDayRequestOf(values, versions.version ?? settings.version) },
  );

  async function reload() {
    const fresh = await queryClient.fetchQuery({
      ...endpointQueryOptions(orderDaySettingsEndpoint, { params: { monasteryId: settings.monastery_id } }),
      staleTime: 0,
    });
    form.setValues(valuesOfSettings(fresh));
    form.resetDirty();
    form.clearErrors();
    versions.reloaded(fresh.version);
  }

  const save = form.onSubmit((values) => {
    update.mutate(
      {
        params: { monasteryId: settings.monastery_id },
        body: orderDayFieldsOf(values, versions.version ?? settings.version),
      },
      {
        onSuccess: (saved) => {
          versions.reloaded(saved.version);
          form.setValues(valuesOfSettings(saved));
          form.resetDirty();
          notifySuccess(t('orderDays.saved'));
        },
        onError: (error) => {
          if (versions.noticeFrom(error)) return;
          showServerErrors(form, error);
          if (!endedTheSession(error)) {
            notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
              title: t('orderDays.saveFailed'),
            });
          }
        },
      },
    );
  });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="order-day-limits">
      <form onSubmit={(event) => (update.isPending ? event.preventDefault() : save(event))} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="order-day-limits">
            {t('orderDays.limitsTitle')}
          </Title>
          <StaleVersionAlert stale={versions.stale} onReload={reload} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('orderDays.dailyCapacity')}
              description={t('orderDays.dailyCapacityHint')}
              inputMode="numeric"
              {...form.getInputProps('daily_capacity')}
            />
            <TextInput
              type="time"
              label={t('orderDays.cutoff')}
              description={t('orderDays.cutoffHint')}
              {...form.getInputProps('cutoff_time')}
            />
          </SimpleGrid>
          {settings.pujas.length > 0 ? (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t('orderDays.pujaCapacities')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('orderDays.pujaCapacitiesHint')}
              </Text>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('orderDays.puja')}</Table.Th>
                    <Table.Th w="40%">{t('orderDays.perDay')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {form.getValues().pujas.map((puja, index) => (
                    <Table.Tr key={puja.puja_id}>
                      <Table.Td>{puja.name}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('orderDays.pujaCapacityOf', { name: puja.name })}
                          inputMode="numeric"
                          {...form.getInputProps(`pujas.${index}.daily_capacity`)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          ) : null}
          <div>
            <Button type="submit" loading={update.isPending}>
              {t('orderDays.save')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
