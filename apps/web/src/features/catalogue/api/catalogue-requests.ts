import {
  getMonasteryEndpoint,
  getPujaEndpoint,
  listMonasteriesEndpoint,
  listPujasEndpoint,
} from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/*
 * The public catalogue's requests, in a module of their own that their queries import when they first
 * fetch: the pages that show the catalogue load with the first bundle or soon after, the contract's schemas
 * (and zod) do not (docs/decisions/017). A server-rendered page brings its data in the page and fetches
 * nothing at first.
 */

export function fetchMonasteries(signal?: AbortSignal) {
  return callEndpoint(listMonasteriesEndpoint, { signal });
}

export function fetchPujas(signal?: AbortSignal) {
  return callEndpoint(listPujasEndpoint, { signal });
}

export function fetchMonastery(slugOrId: string, signal?: AbortSignal) {
  return callEndpoint(getMonasteryEndpoint, { params: { slugOrId }, signal });
}

export function fetchPuja(slugOrId: string, signal?: AbortSignal) {
  return callEndpoint(getPujaEndpoint, { params: { slugOrId }, signal });
}
