import '../../../lib/orders-strings.ts';
import { Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { type Order, PAYMENT_METHODS } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { PaidInRupeesNote } from '../../../components/price.tsx';
import { formatMoney } from '../../../lib/formatting.ts';
import { usePayForOrder } from '../hooks/use-pay-for-order.ts';
import classes from './orders.module.css';
import { EsewaLogo, KhaltiLogo } from './payment-logos.tsx';
import { PaymentRedirectOverlay } from './payment-redirect-overlay.tsx';

const LOGOS = { esewa: EsewaLogo, khalti: KhaltiLogo } as const;

interface ProceedToPaymentModalProps {
  order: Order | null;
  opened: boolean;
  onClose: () => void;
}

/** docs/product.md#paying: 'Proceed to Payment' with the amount and a button per wallet, each starting the payment. */
export function ProceedToPaymentModal({ order, opened, onClose }: ProceedToPaymentModalProps) {
  const { t } = useTranslation('orders');
  const { pay, leavingFor } = usePayForOrder();

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
            <SimpleGrid cols={2} spacing="sm">
              {PAYMENT_METHODS.map((method) => {
                const Logo = LOGOS[method];
                return (
                  <UnstyledButton
                    key={method}
                    className={classes.walletButton}
                    aria-label={t('payment.payWith', { wallet: t(`paymentMethod.${method}`) })}
                    disabled={leavingFor !== null}
                    onClick={() => void pay(order.id, method)}
                  >
                    <Logo height={44} />
                  </UnstyledButton>
                );
              })}
            </SimpleGrid>
          </Stack>
        )}
      </Modal>
      <PaymentRedirectOverlay leavingFor={leavingFor} />
    </>
  );
}
