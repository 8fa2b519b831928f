import '../../../lib/orders-strings.ts';
// The order form's date picker styles arrive with this lazy module, never with the home page's bundle.
import { Alert, Button, Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Monastery } from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatMoney } from '../../../lib/formatting.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
// The catalogue's fetcher for this form's choices (`GET /api/get-monastery-puja`).
import { useMonasteryPujaOptions } from '../../catalogue/api/get-monastery-puja-options.ts';
import { OrderForm } from '../components/order-form.tsx';
import { PaymentRedirectOverlay } from '../components/payment-redirect-overlay.tsx';
import { useOrderForm } from '../hooks/use-order-form.ts';

/** `/direct-order` ('Let's Start your puja'): order by choosing the monastery, then its puja and the day. */
export function DirectOrderPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('directOrder.title'));
  const query = useMonasteryPujaOptions();

  return (
    <Card withBorder radius="md" padding="xl" maw={640} mx="auto" component="section">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('directOrder.title')}
        </Title>
        <Text c="dimmed">{t('directOrder.intro')}</Text>
        {query.isPending ? (
          <Stack gap="md" aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} height={56} />
            ))}
          </Stack>
        ) : query.isError ? (
          <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.monasteries.length === 0 ? (
          <Alert variant="light" role="status">
            {t('directOrder.noMonasteries')}
          </Alert>
        ) : (
          <DirectOrderForm monasteries={query.data.monasteries} />
        )}
      </Stack>
    </Card>
  );
}

function DirectOrderForm({ monasteries }: { monasteries: Monastery[] }) {
  const { t } = useTranslation('orders');
  const text = useCatalogueText();
  const [monasteryId, setMonasteryId] = useState<string | null>(null);
  const [pujaId, setPujaId] = useState<string | null>(null);
  const monastery = monasteries.find((item) => String(item.id) === monasteryId) ?? null;
  const puja = monastery?.pujas.find((item) => String(item.id) === pujaId) ?? null;
  const cost = puja?.pivot.cost ?? null;

  const editor = useOrderForm({
    choice: {
      monastery: monastery?.id ?? null,
      puja: puja?.id ?? null,
      cost,
      pricing: puja?.pivot.pricing ?? null,
    },
    onPlaced: () => {
      setMonasteryId(null);
      setPujaId(null);
    },
  });
  const { errors } = editor.form;
  const { clearError } = editor;

  return (
    <>
      <OrderForm
        editor={editor}
        cost={cost}
        offeringFields={
          <>
            <Select
              label={t('directOrder.monastery')}
              placeholder={t('directOrder.monasteryPlaceholder')}
              required
              searchable
              nothingFoundMessage={t('directOrder.noMonasteries')}
              data={monasteries.map((item) => ({ value: String(item.id), label: text(item, 'name') }))}
              value={monasteryId}
              onChange={(value) => {
                setMonasteryId(value);
                setPujaId(null);
                clearError('monastery');
              }}
              error={errors.monastery}
            />
            <Select
              label={t('directOrder.puja')}
              placeholder={
                monastery ? t('directOrder.pujaPlaceholder') : t('directOrder.pujaPlaceholderFirst')
              }
              required
              searchable
              disabled={!monastery}
              data={(monastery?.pujas ?? []).map((item) => ({
                value: String(item.id),
                label: t('directOrder.pujaOption', {
                  puja: text(item, 'name'),
                  cost: formatMoney(item.pivot.cost),
                }),
              }))}
              value={pujaId}
              onChange={(value) => {
                setPujaId(value);
                clearError('puja');
                clearError('cost');
              }}
              error={errors.puja}
            />
          </>
        }
        actions={
          <Group justify="flex-end">
            <Button type="submit" loading={editor.isSending}>
              {t('directOrder.submit')}
            </Button>
          </Group>
        }
      />
      <PaymentRedirectOverlay leavingFor={editor.leavingFor} />
    </>
  );
}
