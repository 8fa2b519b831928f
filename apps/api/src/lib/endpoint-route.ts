import {
  type EndpointDefinition,
  type EndpointRequest,
  type EndpointResponse,
  errorResponseSchema,
} from '@puja/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteGenericInterface,
} from 'fastify';
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
  const errors = Object.fromEntries(endpoint.errors.map((status) => [status, errorResponseSchema]));
  app.route({
    method: endpoint.methodOverride ? ['POST', endpoint.method] : endpoint.method,
    url: endpoint.path,
    // A config object of its own: Fastify plugins (helmet) write into a route's config.
    config: { ...options.config, access: endpoint.access as never },
    ...(endpoint.methodOverride ? { preValidation: requireMethodOverrideForPost } : {}),
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
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
