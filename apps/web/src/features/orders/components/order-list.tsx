import '../../../lib/orders-strings.ts';
import { Text, UnstyledButton } from '@mantine/core';
import type { Order } from '@puja/contract';
import { IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApproximatePrice } from '../../../components/approximate-price.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatMoney, formatPatronMoment, formatPujaDate } from '../../../lib/formatting.ts';
import { payByOf } from '../utils/patron-status.ts';
import classes from './orders.module.css';
import { PatronStatusBadge } from './patron-status.tsx';

interface OrderListProps {
  orders: readonly Order[];
  selectedId: number | null;
  onSelect: (orderId: number) => void;
  /** On a phone, an entry opens its order as a view of its own: each shows that it leads on. */
  opensView?: boolean;
  /** The entry to give focus to when the list shows: the order the patron has just come back from. */
  focusId?: number | null;
}

/**
 * The patron's orders (docs/product.md#the-patrons-orders), the selected one highlighted. Each entry says enough to tell two orders
 * at one monastery apart: monastery, puja and order number, the puja's day and amount, and where it stands
 * in plain words, the order's state and its money together (the colour only repeats them), with the time an
 * unpaid one must be paid by.
 */
export function OrderList({
  orders,
  selectedId,
  onSelect,
  opensView = false,
  focusId = null,
}: OrderListProps) {
  const { t } = useTranslation('orders');
  const text = useCatalogueText();
  const focused = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusId !== null) focused.current?.focus();
  }, [focusId]);

  if (orders.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {t('orders.empty')}
      </Text>
    );
  }
  return (
    <ul aria-label={t('orders.listLabel')} className={classes.entries}>
      {orders.map((order) => {
        const active = !opensView && order.id === selectedId;
        return (
          <li key={order.id}>
            <UnstyledButton
              ref={order.id === focusId ? focused : undefined}
              className={classes.entry}
              data-active={active || undefined}
              aria-current={active ? 'true' : undefined}
              onClick={() => onSelect(order.id)}
            >
              <span className={classes.entryText}>
                <span className={classes.entryTitle}>{text(order.monastery_puja.monastery, 'name')}</span>
                <span className={classes.entryLine}>
                  {t('orders.entryDescription', {
                    puja: text(order.monastery_puja.puja, 'name'),
                    number: order.number,
                  })}
                </span>
                <span className={classes.entryLine}>
                  {t('orders.entryWhen', {
                    date: `${formatPujaDate(order.date)} ${t('day.nepalDate', { ns: 'prices' })}`,
                    amount: formatMoney(order.amount),
                  })}
                  <ApproximatePrice rupees={order.amount} />
                </span>
                <span className={classes.entryBadges}>
                  <PatronStatusBadge order={order} />
                </span>
                {payByOf(order) && (
                  <span className={classes.entryLine}>
                    {t('orders.payBy', { time: formatPatronMoment(payByOf(order)!) })}
                  </span>
                )}
              </span>
              {opensView && (
                <IconChevronRight size={20} aria-hidden="true" className={classes.entryChevron} />
              )}
            </UnstyledButton>
          </li>
        );
      })}
    </ul>
  );
}
