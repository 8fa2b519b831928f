import '../../../lib/orders-strings.ts';
import { Loader, LoadingOverlay, Stack, Text } from '@mantine/core';
import type { PaymentProvider } from '@puja/contract';
import { useTranslation } from 'react-i18next';

/** Covers the page while it leaves for the wallet, so nothing is clicked twice on the way out. */
export function PaymentRedirectOverlay({ leavingFor }: { leavingFor: PaymentProvider | null }) {
  const { t } = useTranslation('orders');
  return (
    <LoadingOverlay
      visible={leavingFor !== null}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ blur: 2 }}
      loaderProps={{
        children: leavingFor && (
          <Stack align="center" gap="sm" role="status">
            <Loader aria-hidden="true" />
            <Text fw={600}>{t('payment.leaving', { wallet: t(`paymentMethod.${leavingFor}`) })}</Text>
          </Stack>
        ),
      }}
    />
  );
}
