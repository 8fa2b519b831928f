import { SimpleGrid, UnstyledButton } from '@mantine/core';
import { PAYMENT_METHODS, type PaymentMethod } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import classes from './orders.module.css';
import { EsewaLogo, KhaltiLogo } from './payment-logos.tsx';

const LOGOS = { esewa: EsewaLogo, khalti: KhaltiLogo } as const;

/**
 * The wallets' buttons, each named for a screen reader as "Pay with eSewa": on the payment modal and on a
 * "Pay for me" link's page. Disabled while the page is leaving for a wallet, so a second tap starts nothing.
 */
export function WalletButtons({
  disabled,
  onPay,
}: {
  disabled: boolean;
  onPay: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation('orders');
  return (
    <SimpleGrid cols={2} spacing="sm">
      {PAYMENT_METHODS.map((method) => {
        const Logo = LOGOS[method];
        return (
          <UnstyledButton
            key={method}
            className={classes.walletButton}
            aria-label={t('payment.payWith', { wallet: t(`paymentMethod.${method}`) })}
            disabled={disabled}
            onClick={() => onPay(method)}
          >
            <Logo height={44} />
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
