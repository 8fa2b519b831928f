import * as contract from '@puja/contract';
import {
  type EndpointDefinition,
  type EndpointRequest,
  type EndpointResponse,
  type ErrorStatus,
  errorResponseSchema,
} from '@puja/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteGenericInterface,
} from 'fastify';
import { accessDescription } from './access-description.ts';
import { requireMethodOverrideForPost } from './method-override.ts';

/**
 * Registers the route an endpoint declaration describes (docs/decisions/014): method (and POST with
 * `_method` when it allows the override), path, access, the schemas that validate the request and
 * serialize the answer, the error answers, and the OpenAPI entry. A module gives only the handler:
 *
 *   route(app, cancelOrderEndpoint, (request) => orders.cancelOrder(viewerOf(request), request.params.orderId));
 *
 * What depends on the server's configuration rather than the contract (a rate limit read from the
 * environment) comes as `options.config`.
 */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: (
    request: FastifyRequest<EndpointRequest<E> & RouteGenericInterface>,
    reply: FastifyReply,
  ) => Promise<EndpointResponse<E> | FastifyReply> | EndpointResponse<E> | FastifyReply,
  options: { config?: Omit<FastifyContextConfig, 'access'> } = {},
): void {
  const errors = Object.fromEntries(errorStatusesOf(endpoint).map((status) => [status, errorResponseSchema]));
  app.route({
    method: endpoint.methodOverride ? ['POST', endpoint.method] : endpoint.method,
    url: endpoint.path,
    // A config object of its own: Fastify plugins (helmet) write into a route's config.
    config: { ...options.config, access: endpoint.access as never },
    ...(endpoint.methodOverride ? { preValidation: requireMethodOverrideForPost } : {}),
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(operationIds.has(endpoint) ? { operationId: operationIds.get(endpoint) } : {}),
      description: accessDescription(endpoint.access),
      // A public endpoint needs no session: an explicit empty list says so to the API's readers.
      security: endpoint.access === 'public' ? [] : [{ bearer: [] }],
      ...(endpoint.hidden ? { hide: true } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.consumes ? { consumes: [endpoint.consumes] } : {}),
      ...(endpoint.file ? { produces: [endpoint.file] } : {}),
      // A file's own answer has no JSON schema to serialize it with; its errors still do.
      response: { ...(endpoint.file ? {} : endpoint.responses), ...errors },
    },
    handler: handler as never,
  });
}

/**
 * Each endpoint's OpenAPI `operationId`: the name it is exported under from the contract, without its
 * `Endpoint` suffix (`cancelOrderEndpoint` → `cancelOrder`), so a generated client's methods read as ours.
 */
const operationIds = new Map<unknown, string>(
  Object.entries(contract)
    .filter(([name, value]) => name.endsWith('Endpoint') && typeof value === 'object' && value !== null)
    .map(([name, value]) => [value, name.slice(0, -'Endpoint'.length)]),
);

/**
 * The error answers an endpoint can give: those its declaration names, and those every endpoint of its kind
 * gives whatever it does (the access check's 401 and 403, the schemas' 422, and the 503 of an unreachable
 * database, docs/decisions/025), so the OpenAPI document lists them all.
 */
function errorStatusesOf(endpoint: EndpointDefinition): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors);
  if (endpoint.access !== 'public') statuses.add(401);
  if (typeof endpoint.access === 'object') statuses.add(403);
  if (endpoint.params || endpoint.query || endpoint.body) statuses.add(422);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}
