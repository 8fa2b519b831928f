import { type MeResponse, meResponseSchema } from '@puja/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/me`: the signed-in person as the server knows them now. */
export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiRequest('/api/me', { schema: meResponseSchema, signal });
}
