import {
  cancelPlanEndpoint,
  type createPlanRequestSchema,
  type EsewaProcessResponse,
  type KhaltiProcessResponse,
  ownPlansEndpoint,
  type PaymentMethod,
  type Plan,
  pausePlanEndpoint,
  placePlanEndpoint,
  planEndpoint,
  removeDepartedPhotoEndpoint,
  resumePlanEndpoint,
  skipPlanOccurrenceEndpoint,
  startPlanEsewaPaymentEndpoint,
  startPlanKhaltiPaymentEndpoint,
  uploadDepartedPhotoEndpoint,
} from '@puja/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { ordersQueryKey } from './orders-query-keys.ts';

/**
 * A patron's dedication plans (docs/decisions/055, 056). Under the orders' key: each occurrence is an order,
 * so paying, skipping or cancelling anything refreshes the plans and the orders together.
 */
export const plansQueryKey = [...ordersQueryKey, 'plans'] as const;

/** A plan as the form checked it with the contract's schema. */
export type NewPlan = ReturnType<typeof createPlanRequestSchema.parse>;

export async function placePlan(plan: NewPlan): Promise<Plan> {
  const { departed, names, ...fields } = plan;
  return (
    await callEndpoint(placePlanEndpoint, {
      body: {
        ...fields,
        // One field of JSON each: a form cannot carry an object or a list of objects otherwise (docs/api.md).
        names: JSON.stringify(names),
        ...(departed ? { departed: JSON.stringify(departed) } : {}),
      },
    })
  ).plan;
}

export function usePlacePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}

export function usePlan(planId: number) {
  return useQuery({
    queryKey: [...plansQueryKey, planId],
    queryFn: async ({ signal }) => (await callEndpoint(planEndpoint, { params: { planId }, signal })).plan,
  });
}

/** The patron's plans, newest first (at most OWN_PLANS_LIMIT, the server's bound). */
export function useOwnPlans() {
  return useQuery({
    queryKey: plansQueryKey,
    queryFn: async ({ signal }) => (await callEndpoint(ownPlansEndpoint, { signal })).plans,
  });
}

/** Asks our server to start paying a plan whole: the eSewa form to post, or the Khalti page. */
export function startPlanPayment(
  planId: number,
  method: PaymentMethod,
): Promise<EsewaProcessResponse | KhaltiProcessResponse> {
  return method === 'esewa'
    ? callEndpoint(startPlanEsewaPaymentEndpoint, { params: { planId } })
    : callEndpoint(startPlanKhaltiPaymentEndpoint, { params: { planId } });
}

/** Skipping one occurrence, or ending the plan: the answer is the plan as it now is. */
function usePlanChange<Input>(change: (input: Input) => Promise<Plan>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (plan) => {
      queryClient.setQueryData([...plansQueryKey, plan.id], plan);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
    // A 409 (approved or ended meanwhile) means the plan shown is stale: it is fetched again.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
  });
}

export function useSkipOccurrence() {
  return usePlanChange(
    async ({ planId, orderId }: { planId: number; orderId: number }) =>
      (await callEndpoint(skipPlanOccurrenceEndpoint, { params: { planId, orderId } })).plan,
  );
}

export function useCancelPlan() {
  return usePlanChange(
    async (planId: number) => (await callEndpoint(cancelPlanEndpoint, { params: { planId } })).plan,
  );
}

/** The departed's photo (docs/decisions/060): added or replaced (multipart), the plan as it now is. */
export async function setDepartedPhoto({ planId, photo }: { planId: number; photo: File }): Promise<Plan> {
  return (await callEndpoint(uploadDepartedPhotoEndpoint, { params: { planId }, body: { photo } })).plan;
}

export function useSetDepartedPhoto() {
  return usePlanChange(setDepartedPhoto);
}

export function useRemoveDepartedPhoto() {
  return usePlanChange(
    async (planId: number) => (await callEndpoint(removeDepartedPhotoEndpoint, { params: { planId } })).plan,
  );
}

/** Pausing a plan paid each, or resuming it (docs/decisions/058). */
export function usePausePlan() {
  return usePlanChange(
    async ({ planId, pause }: { planId: number; pause: boolean }) =>
      (await callEndpoint(pause ? pausePlanEndpoint : resumePlanEndpoint, { params: { planId } })).plan,
  );
}
