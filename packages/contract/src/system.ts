import { defineEndpoint } from './endpoint.ts';
import { z } from './zod.ts';

/** Probes and metrics for whoever runs the app (docs/operations.md). */

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

// ---- Endpoints (docs/decisions/014) ----

export const checkLivenessEndpoint = defineEndpoint({
  method: 'GET',
  path: '/livez',
  access: 'public',
  summary: 'The process answers (restart it when this fails)',
  tags: ['system'],
  responses: { 200: healthResponseSchema },
  errors: [],
});

/** 503 when the database does not answer, so a load balancer sends requests elsewhere. */
export const checkReadinessEndpoint = defineEndpoint({
  method: 'GET',
  path: '/readyz',
  access: 'public',
  summary: 'The database answers: this instance can take requests',
  tags: ['system'],
  responses: { 200: healthResponseSchema },
  errors: [503],
});

/** The older name of `/readyz`, kept for probes that still ask it. */
export const checkHealthEndpoint = defineEndpoint({
  ...checkReadinessEndpoint,
  path: '/healthz',
  summary: 'The database answers (the older name of /readyz)',
});

/**
 * Prometheus text, to whoever brings `METRICS_TOKEN` as a bearer token; without a token set, open from the
 * machine itself outside production and not found in production. Hidden from the OpenAPI document, which
 * is for the app's own clients.
 */
export const metricsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/metrics',
  access: 'public',
  summary: 'Request rates and latencies, database pool, job queue, payments and refunds (Prometheus)',
  tags: ['system'],
  responses: {},
  file: 'text/plain',
  errors: [403, 404],
  hidden: true,
});
