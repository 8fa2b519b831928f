import { DEFAULT_BUSINESS_TIME_ZONE, type Order, type PaymentMethod, todayIn } from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { parseTypedDay } from '../../../lib/typed-day.ts';
import { catalogueQueryKey } from '../../catalogue/api/catalogue-query-keys.ts';
import { useCreateOrder } from '../api/create-order.ts';
import {
  checkOrderForm,
  EMPTY_ORDER_FORM,
  fieldErrorsOfOrderFailure,
  type OrderChoice,
  type OrderField,
  type OrderFormErrors,
  type OrderFormValues,
  orderDateRange,
  reasonOfOrderFailure,
} from '../utils/order-form.ts';
import { usePayForOrder } from './use-pay-for-order.ts';

export interface OrderFormState {
  values: OrderFormValues;
  setValue: <Field extends keyof OrderFormValues>(field: Field, value: OrderFormValues[Field]) => void;
  errors: OrderFormErrors;
  /** Drops a field's message once the person changes what it was about. */
  clearError: (field: OrderField) => void;
  /** Today in the business time zone: the earliest day a puja can be booked for. */
  today: string;
  /**
   * The date field was left with `text` typed in. The field keeps only a day it can take, so a day it
   * could not take empties it, and its message says why (rather than the text silently disappearing).
   */
  leaveDate: (text: string) => void;
  submit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  reset: () => void;
  /** Placing the order, or starting its payment: the submit button waits. */
  isSending: boolean;
  leavingFor: PaymentMethod | null;
}

interface UseOrderFormOptions {
  choice: OrderChoice;
  /** Right after the order is placed, before its payment starts (the modal closes here). */
  onPlaced?: (order: Order) => void;
}

/**
 * The order form of the Make Puja modal and the direct order page (SPEC §2, §4, §5): its values, its
 * checks, and what a submission does. Placed: 'Order Placed Successfully', the form resets and the chosen
 * wallet's payment starts. Refused: 'Order Placed Unsuccessful' with the server's reason, and the field
 * messages by their fields.
 *
 * Each submission carries an idempotency key, so a double click or a retried request places one order.
 * When the answer was lost (no connection, a server error) the order may exist: sending the same order
 * again reuses the key, and the server answers with that order instead of placing a second one.
 */
export function useOrderForm({ choice, onPlaced }: UseOrderFormOptions): OrderFormState {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createOrder = useCreateOrder();
  const { pay, leavingFor } = usePayForOrder();
  const [values, setValues] = useState<OrderFormValues>(EMPTY_ORDER_FORM);
  const [errors, setErrors] = useState<OrderFormErrors>({});
  const sending = useRef(false);
  const unanswered = useRef<{ key: string; order: string } | null>(null);
  const today = todayIn(DEFAULT_BUSINESS_TIME_ZONE);

  const clearError = useCallback((field: OrderField) => {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  const setValue = useCallback(
    <Field extends keyof OrderFormValues>(field: Field, value: OrderFormValues[Field]) => {
      setValues((current) => ({ ...current, [field]: value }));
      clearError(field);
    },
    [clearError],
  );

  const leaveDate = useCallback(
    (text: string) => {
      if (text.trim() === '') return;
      const day = parseTypedDay(text);
      const { min, max } = orderDateRange(todayIn(DEFAULT_BUSINESS_TIME_ZONE));
      const message =
        day === null
          ? t('form.dateUnreadable')
          : day < min
            ? t('form.dateTooEarly')
            : day > max
              ? t('form.dateTooLate')
              : undefined;
      if (!message) return;
      setValues((current) => ({ ...current, date: '' }));
      setErrors((current) => ({ ...current, date: message }));
    },
    [t],
  );

  const reset = useCallback(() => {
    setValues(EMPTY_ORDER_FORM);
    setErrors({});
  }, []);

  async function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (sending.current) return;
    const check = checkOrderForm(choice, values, todayIn(DEFAULT_BUSINESS_TIME_ZONE), {
      tooEarly: t('form.dateTooEarly'),
      tooLate: t('form.dateTooLate'),
    });
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    const order = JSON.stringify(check.order);
    const key = unanswered.current?.order === order ? unanswered.current.key : crypto.randomUUID();
    unanswered.current = { key, order };
    sending.current = true;
    let placed: Order;
    try {
      placed = (await createOrder.mutateAsync({ ...check.order, idempotency_key: key })).order;
    } catch (error) {
      // The server answered and stored nothing: the next submission is a new one.
      if (error instanceof ApiError && error.status > 0 && error.status < 500) unanswered.current = null;
      const fieldErrors = fieldErrorsOfOrderFailure(error);
      setErrors(fieldErrors);
      // The price changed since the page loaded: show the new one on the page.
      if (fieldErrors.cost) void queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
      if (!(error instanceof ApiError && error.status === 401)) {
        notifyError(reasonOfOrderFailure(error, t('errors.unexpected', { ns: 'common' })), {
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
    reset();
    onPlaced?.(placed);
    // If the wallet cannot start now, the order is there to pay from its page.
    if (!(await pay(placed.id, placed.payment_type))) void navigate(`/orders?oid=${placed.id}`);
  }

  return {
    values,
    setValue,
    errors,
    clearError,
    today,
    leaveDate,
    submit,
    reset,
    isSending: createOrder.isPending || leavingFor !== null,
    leavingFor,
  };
}
