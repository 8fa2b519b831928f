import type { MonasteryPujasResponse } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueQueryKey } from '../../catalogue/api/catalogue-query-keys.ts';
import { monasteryPujasQueryKey } from './monastery-catalogue-query-keys.ts';

/**
 * Every change to the monastery's pujas answers with the refreshed lists: they replace the cached ones,
 * and the public catalogue this browser holds (prices, what the monastery offers) is read again.
 */
export function useMonasteryPujasMutation<Input>(
  mutationFn: (input: Input) => Promise<MonasteryPujasResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (lists) => {
      queryClient.setQueryData(monasteryPujasQueryKey, lists);
      void queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
    },
  });
}
