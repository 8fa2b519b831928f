import '../../../lib/orders-strings.ts';
import { Button, Modal, Stack, Text } from '@mantine/core';
import type { Order } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { PaidInRupeesNote } from '../../../components/price.tsx';
import { formatMoney } from '../../../lib/formatting.ts';
import { useClientConfig } from '../../session/api/get-client-config.ts';
import { usePayForOrder } from '../hooks/use-pay-for-order.ts';
import { PaymentRedirectOverlay } from './payment-redirect-overlay.tsx';
import { WalletButtons } from './wallet-buttons.tsx';

interface ProceedToPaymentModalProps {
  order: Order | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * Which methods work from where (docs/decisions/051): a patron abroad has no eSewa or Khalti account, so
 * they are told of the payment link, and of cards only where the deployment takes them.
 */
function MethodsNote() {
  const { t } = useTranslation('orders');
  const cards = useClientConfig().data?.payments.cards_enabled ?? false;
  return (
    <Text size="sm" c="dimmed">
      {t(cards ? 'payment.whereMethodsWorkCards' : 'payment.whereMethodsWork')}
    </Text>
  );
}

/** docs/product.md#paying: 'Proceed to Payment' with the amount and a button per wallet, each starting the payment. */
export function ProceedToPaymentModal({ order, opened, onClose }: ProceedToPaymentModalProps) {
  const { t } = useTranslation('orders');
  const { pay, leavingFor } = usePayForOrder();
  // Cards only where the deployment turned them on (docs/decisions/052).
  const cardsEnabled = useClientConfig().data?.payments.cards_enabled === true;

  return (
    <>
      <Modal
        opened={opened && order !== null}
        onClose={onClose}
        title={t('payment.modalTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('form.close') }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {order && (
          <Stack gap="md">
            <Text fw={700} fz="lg">
              {t('payment.cost', { cost: formatMoney(order.amount) })}
            </Text>
            <PaidInRupeesNote rupees={order.amount} amount={formatMoney(order.amount)} />
            <Text size="sm">{t('payment.choose')}</Text>
            <WalletButtons disabled={leavingFor !== null} onPay={(method) => void pay(order.id, method)} />
            {cardsEnabled && (
              <Button
                variant="default"
                size="md"
                disabled={leavingFor !== null}
                onClick={() => void pay(order.id, 'stripe')}
              >
                {t('payment.payWith', { wallet: t('paymentMethod.stripe') })}
              </Button>
            )}
            <MethodsNote />
          </Stack>
        )}
      </Modal>
      <PaymentRedirectOverlay leavingFor={leavingFor} />
    </>
  );
}
