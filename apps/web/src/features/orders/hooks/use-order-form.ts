import '../../../lib/orders-strings.ts';
import { createOrderRequestSchema, DEFAULT_BUSINESS_TIME_ZONE, type Order, todayIn } from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { endedTheSession, reasonOf, showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { parseTypedDay } from '../../../lib/typed-day.ts';
import { catalogueQueryKey } from '../../catalogue/api/catalogue-query-keys.ts';
import { useCreateOrder } from '../api/create-order.ts';
import {
  EMPTY_ORDER_FORM,
  ORDER_CHOICE_FIELDS,
  type OrderChoice,
  type OrderFormValues,
  orderDateRange,
  orderFormChecks,
  orderOf,
} from '../utils/order-form.ts';
import { usePayForOrder } from './use-pay-for-order.ts';

interface UseOrderFormOptions {
  choice: OrderChoice;
  /** Right after the order is placed, before its payment starts (the modal closes here). */
  onPlaced?: (order: Order) => void;
  /**
   * Once the form's own values are right, before the order is sent: what else must be done first (a new
   * patron's name saved). False stops the order, having said why.
   */
  beforePlacing?: () => Promise<boolean>;
}

const todayInNepal = () => todayIn(DEFAULT_BUSINESS_TIME_ZONE);

/**
 * The order form of the Make Puja modal and the direct order page (docs/product.md#order-form-rules, §4, §5): its values, its
 * checks, and what a submission does. Placed: 'Order Placed Successfully', the form resets and the chosen
 * wallet's payment starts. Refused: 'Order Placed Unsuccessful' with the server's reason, and the field
 * messages by their fields.
 *
 * Each submission carries an idempotency key, so a double click or a retried request places one order.
 * When the answer was lost (no connection, a server error) the order may exist: sending the same order
 * again reuses the key, and the server answers with that order instead of placing a second one.
 */
export function useOrderForm({ choice, onPlaced, beforePlacing }: UseOrderFormOptions) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createOrder = useCreateOrder();
  const { pay, leavingFor } = usePayForOrder();
  const form = useContractForm<OrderFormValues>(
    createOrderRequestSchema,
    EMPTY_ORDER_FORM,
    orderFormChecks(choice, todayInNepal, {
      tooEarly: t('form.dateTooEarly'),
      tooLate: t('form.dateTooLate'),
    }),
  );
  const sending = useRef(false);
  const unanswered = useRef<{ key: string; order: string } | null>(null);

  /**
   * The date field was left with `text` typed in. The field keeps only a day it can take, so a day it
   * could not take empties it, and its message says why (rather than the text silently disappearing).
   */
  function leaveDate(text: string) {
    if (text.trim() === '') return;
    const day = parseTypedDay(text);
    const { min, max } = orderDateRange(todayInNepal());
    const message =
      day === null
        ? t('form.dateUnreadable')
        : day < min
          ? t('form.dateTooEarly')
          : day > max
            ? t('form.dateTooLate')
            : undefined;
    if (!message) return;
    form.setFieldValue('date', '');
    // After the change above has dropped the field's message, in the same update.
    form.setErrors((errors) => ({ ...errors, date: message }));
  }

  const submit = form.onSubmit(async (values) => {
    if (sending.current) return;
    if (beforePlacing && !(await beforePlacing())) return;
    const newOrder = orderOf(choice, values);
    const order = JSON.stringify(newOrder);
    const key = unanswered.current?.order === order ? unanswered.current.key : crypto.randomUUID();
    unanswered.current = { key, order };
    sending.current = true;
    let placed: Order;
    try {
      placed = (await createOrder.mutateAsync({ ...newOrder, idempotency_key: key })).order;
    } catch (error) {
      // The server answered and stored nothing: the next submission is a new one.
      if (error instanceof ApiError && error.status > 0 && error.status < 500) unanswered.current = null;
      showServerErrors(form, error, ORDER_CHOICE_FIELDS);
      // The price changed since the page loaded: show the new one on the page.
      if (error instanceof ApiError && error.errors.cost?.[0]) {
        void queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
      }
      if (!endedTheSession(error)) {
        notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
          title: t('form.failed'),
          id: 'order-failed',
        });
      }
      return;
    } finally {
      sending.current = false;
    }
    unanswered.current = null;
    notifySuccess(t('form.placed'), { id: `order-placed-${placed.id}` });
    form.reset();
    onPlaced?.(placed);
    // If the wallet cannot start now, the order is there to pay from its page.
    if (!(await pay(placed.id, placed.payment_type))) void navigate(`/orders?oid=${placed.id}`);
  });

  return {
    form,
    /** The monastery and puja chosen: the calendar leaves out the days they are not offered. */
    choice,
    /** Today in the business time zone: the earliest day a puja can be booked for. */
    today: todayInNepal(),
    leaveDate,
    submit: (event?: FormEvent<HTMLFormElement>) => submit(event),
    /** Empties the form and its messages. */
    reset: form.reset,
    /** Drops a message once the person changes what it was about (a monastery or puja chosen anew). */
    clearError: form.clearFieldError,
    /** Placing the order, or starting its payment: the submit button waits. */
    isSending: createOrder.isPending || leavingFor !== null,
    leavingFor,
  };
}

export type OrderFormState = ReturnType<typeof useOrderForm>;
