import { type ClientConfigResponse, clientConfigResponseSchema } from '@puja/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const clientConfigQueryKey = ['client-config'] as const;

/** `GET /api/client-config`: whether the sign-in form must show a bot-check widget, and its site key. */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfigResponse> {
  return apiRequest('/api/client-config', { schema: clientConfigResponseSchema, signal });
}

export function useClientConfig() {
  return useQuery({
    queryKey: clientConfigQueryKey,
    queryFn: ({ signal }) => getClientConfig(signal),
    // Set when the server starts; one look per visit is enough.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
