import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The server renderer's own API calls (`app.inject`, plugins/page-renderer.ts) carry this header with a
 * token drawn when the process starts, which never leaves it. A public look-up limited per address
 * (`/api/verify/{code}`) lets them through: they all come from 127.0.0.1, so counting them would make every
 * visitor share one allowance; the page route that made them is limited by the visitor's own address instead.
 */
export const IN_PROCESS_HEADER = 'x-puja-in-process';
export const IN_PROCESS_TOKEN = randomBytes(24).toString('base64url');

export function isInProcessRequest(request: FastifyRequest): boolean {
  return request.headers[IN_PROCESS_HEADER] === IN_PROCESS_TOKEN;
}
