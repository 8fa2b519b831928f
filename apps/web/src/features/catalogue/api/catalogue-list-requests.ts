import { listMonasteriesEndpoint, listPujasEndpoint } from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/*
 * The catalogue lists' requests, in a module of their own that their queries import when they first
 * fetch: the pages that show the lists are in the first bundle, the contract's schemas (and zod) are not
 * (docs/decisions/017). A server-rendered page brings the lists in the page and fetches nothing at first.
 */

export function fetchMonasteries(signal?: AbortSignal) {
  return callEndpoint(listMonasteriesEndpoint, { signal });
}

export function fetchPujas(signal?: AbortSignal) {
  return callEndpoint(listPujasEndpoint, { signal });
}
