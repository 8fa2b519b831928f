import { getMeEndpoint, type MeResponse } from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** The signed-in person as the server knows them now. */
export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return callEndpoint(getMeEndpoint, { signal });
}
