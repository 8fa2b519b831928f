import { type createOrderRequestSchema, type OrderResponse, placeOrderEndpoint } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { ordersQueryKey } from './orders-query-keys.ts';

/** An order as the form checked it with the contract's schema. */
export type NewOrder = ReturnType<typeof createOrderRequestSchema.parse>;

/** Places an order; the server charges the monastery's current price. */
export function createOrder(input: NewOrder): Promise<OrderResponse> {
  return callEndpoint(placeOrderEndpoint, {
    body: {
      monastery: input.monastery,
      puja: input.puja,
      cost: input.cost,
      date: input.date,
      payment: input.payment,
      // One field of JSON: a form cannot carry a list of objects otherwise (docs/api.md).
      names: JSON.stringify(input.names),
      intention: input.intention,
      idempotency_key: input.idempotency_key,
      quantity: input.quantity,
      amount: input.amount,
      ...(input.gift ? { gift: JSON.stringify(input.gift) } : {}),
    },
  });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
