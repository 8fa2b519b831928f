import {
  type EndpointDefinition,
  type EndpointInput,
  type EndpointResponse,
  endpointPath,
} from '@puja/contract';
import {
  type QueryKey,
  queryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest, type RequestBody, type RequestOptions } from './api-client.ts';

/**
 * Calls an endpoint from its declaration in the contract (docs/decisions/014): the path filled from its
 * params, the query string, the body as form data (with `_method` when the endpoint takes the override),
 * and the answer checked against the endpoint's own schema.
 */
type Input<E extends EndpointDefinition> = {
  [Key in keyof EndpointInput<E> as EndpointInput<E>[Key] extends undefined
    ? never
    : Key]: EndpointInput<E>[Key];
} & { signal?: AbortSignal };

/**
 * How a call treats the session (lib/api-client.ts): sign-in calls go without the token
 * (`sendToken: false`), so their 401 cannot end a session; logout reports its own failure
 * (`expireSessionOn401: false`).
 */
export type CallOptions = Pick<RequestOptions, 'sendToken' | 'expireSessionOn401'>;

export function endpointUrl<E extends EndpointDefinition>(
  endpoint: E,
  input: Partial<EndpointInput<E>>,
): string {
  const path = endpointPath(endpoint, input.params ?? undefined);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query as Record<string, unknown> | undefined) ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export function callEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  input: Input<E>,
  options: CallOptions = {},
): Promise<EndpointResponse<E>> {
  const { signal, ...rest } = input as Partial<EndpointInput<E>> & { signal?: AbortSignal };
  const override = endpoint.methodOverride && endpoint.method !== 'POST';
  const body = rest.body as RequestBody | undefined;
  const schema = endpoint.responses[200] ?? endpoint.responses[202];
  return apiRequest(endpointUrl(endpoint, rest), {
    method: override ? 'POST' : endpoint.method,
    ...(body !== undefined || override
      ? { body: override ? { ...(body as object), _method: endpoint.method.toLowerCase() } : body }
      : {}),
    ...(signal ? { signal } : {}),
    ...(schema ? { schema: schema as never } : {}),
    ...options,
  }) as Promise<EndpointResponse<E>>;
}

/** The cache key of an endpoint's answer: its path pattern, then what was asked. */
export function endpointQueryKey<E extends EndpointDefinition>(
  endpoint: E,
  input?: Partial<EndpointInput<E>>,
): QueryKey {
  return input && Object.keys(input).length > 0 ? [endpoint.path, input] : [endpoint.path];
}

export function endpointQueryOptions<E extends EndpointDefinition>(endpoint: E, input: Input<E>) {
  const { signal: _signal, ...key } = input as Input<E> & { signal?: AbortSignal };
  return queryOptions({
    queryKey: endpointQueryKey(endpoint, key as Partial<EndpointInput<E>>),
    queryFn: ({ signal }) => callEndpoint(endpoint, { ...input, signal }),
  });
}

/** A read (GET) as a TanStack query. */
export function useEndpointQuery<E extends EndpointDefinition>(
  endpoint: E,
  input: Input<E>,
  options: Omit<UseQueryOptions<EndpointResponse<E>>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery({ ...endpointQueryOptions(endpoint, input), ...options });
}

/** A write as a TanStack mutation; the variables are the endpoint's input. */
export function useEndpointMutation<E extends EndpointDefinition>(
  endpoint: E,
  options: Omit<UseMutationOptions<EndpointResponse<E>, Error, Input<E>>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: (input: Input<E>) => callEndpoint(endpoint, input) });
}
