import '../../../lib/orders-strings.ts';
import { createPlanRequestSchema, DEFAULT_BUSINESS_TIME_ZONE, type PlanKind, todayIn } from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { endedTheSession, reasonOf, showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { catalogueQueryKey } from '../../catalogue/api/catalogue-query-keys.ts';
import { plansQueryKey, setDepartedPhoto, startPlanPayment, usePlacePlan } from '../api/plans.ts';
import { ORDER_CHOICE_FIELDS, type OrderChoice } from '../utils/order-form.ts';
import {
  departedOnItsFields,
  EMPTY_PLAN_FORM,
  type PlanFormValues,
  planFormChecks,
  planOf,
} from '../utils/plan-form.ts';
import { usePayForOrder } from './use-pay-for-order.ts';

const todayInNepal = () => todayIn(DEFAULT_BUSINESS_TIME_ZONE);

interface UsePlanFormOptions {
  choice: OrderChoice;
  kind: PlanKind;
  /** Right after the plan is placed, before its payment starts (the modal closes here). */
  onPlaced?: () => void;
  /** As the order form's: what must be done first (a new patron's name saved); false stops it. */
  beforePlacing?: () => Promise<boolean>;
}

/**
 * The plan form of the Make Puja modal (docs/decisions/056): its values, checks and what a submission does.
 * Placed: the plan is paid whole at once with the chosen wallet (the plan's payment routes); when the
 * wallet cannot start, the plan's page, where it can be paid later. A plan paid each opens its page, where
 * each puja is paid on its own (docs/decisions/058). The departed's photo, if chosen, is sent to the placed
 * plan before the payment starts. Like an order, each submission carries
 * an idempotency key, reused when the answer was lost, so a retry places one plan.
 */
export function usePlanForm({ choice, kind, onPlaced, beforePlacing }: UsePlanFormOptions) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const placePlan = usePlacePlan();
  // The plan's id stands where an order's would: the same wallet hand-over, the plan's own routes.
  const { pay, leavingFor } = usePayForOrder(startPlanPayment);
  const form = useContractForm<PlanFormValues>(
    createPlanRequestSchema,
    EMPTY_PLAN_FORM,
    planFormChecks(choice, kind, {
      kindFields: {
        day_of_month: t('plans.form.dayOfMonthMissing'),
        anniversary: t('plans.form.anniversaryMissing'),
      },
    }),
  );
  // The departed's photo (optional, docs/decisions/060) is a file, sent once the plan exists.
  const [photo, setPhoto] = useState<File | null>(null);
  const sending = useRef(false);
  const unanswered = useRef<{ key: string; plan: string } | null>(null);

  const submit = form.onSubmit(async (values) => {
    if (sending.current) return;
    if (beforePlacing && !(await beforePlacing())) return;
    const newPlan = planOf(choice, kind, values);
    const plan = JSON.stringify(newPlan);
    const key = unanswered.current?.plan === plan ? unanswered.current.key : crypto.randomUUID();
    unanswered.current = { key, plan };
    sending.current = true;
    let placedId: number;
    try {
      placedId = (await placePlan.mutateAsync({ ...newPlan, idempotency_key: key })).id;
    } catch (error) {
      if (error instanceof ApiError && error.status > 0 && error.status < 500) unanswered.current = null;
      // The server's messages about the departed (its date, or every day passed) go on the form's fields.
      const shown =
        error instanceof ApiError
          ? new ApiError(error.status, error.message, departedOnItsFields(error.errors))
          : error;
      showServerErrors(form, shown, ORDER_CHOICE_FIELDS);
      if (error instanceof ApiError && error.errors.cost?.[0])
        void queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
      if (!endedTheSession(error))
        notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
          title: t('plans.form.failed'),
          id: 'plan-failed',
        });
      return;
    } finally {
      sending.current = false;
    }
    unanswered.current = null;
    // The plan stands whatever happens to its photo: a refused one is said on the plan's page, where it
    // can be added again (and the plan paid), rather than lost behind the wallet's page.
    const photoAdded = !photo || !newPlan.departed || (await addPhoto(placedId, photo));
    notifySuccess(t('plans.form.placed'), { id: `plan-placed-${placedId}` });
    form.reset();
    setPhoto(null);
    onPlaced?.();
    // Paid each (docs/decisions/058): the plan's page, where each puja is paid by its own day.
    if (newPlan.pay_each) {
      void navigate(`/plans/${placedId}`);
      return;
    }
    const method = newPlan.payment;
    if (!photoAdded || !(await pay(placedId, method))) void navigate(`/plans/${placedId}`);
  });

  async function addPhoto(planId: number, file: File): Promise<boolean> {
    try {
      queryClient.setQueryData([...plansQueryKey, planId], await setDepartedPhoto({ planId, photo: file }));
      return true;
    } catch (error) {
      if (!endedTheSession(error))
        notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
          title: t('plans.photo.addFailed'),
          id: 'plan-photo-failed',
        });
      return false;
    }
  }

  return {
    form,
    kind,
    photo,
    setPhoto,
    choice,
    today: todayInNepal(),
    submit: (event?: FormEvent<HTMLFormElement>) => submit(event),
    reset: form.reset,
    isSending: placePlan.isPending || leavingFor !== null,
    leavingFor,
  };
}

export type PlanFormState = ReturnType<typeof usePlanForm>;
