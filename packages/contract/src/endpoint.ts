import type { z } from 'zod';
import type { Role } from './constants.ts';

/**
 * One declaration per endpoint (docs/decisions/014): its method and path, who may call it, the shapes of
 * its params, query, body and answers. The server registers its route from it with only a handler, the web
 * app calls it through one client, and the OpenAPI document is generated from the same schemas.
 */
export type EndpointAccess = 'public' | 'signedIn' | { readonly roles: readonly Role[] };

/** The statuses an endpoint may answer with `{ message, errors? }`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 416 | 422 | 429 | 503;

export interface EndpointDefinition {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Fastify's syntax: `/api/order/:orderId/cancel`. */
  readonly path: `/${string}`;
  readonly access: EndpointAccess;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * A PATCH or DELETE that browsers send as POST with `_method=patch` (multipart forms must). The server
   * accepts both; the web client uses POST.
   */
  readonly methodOverride?: boolean;
  /** A body sent as multipart form data because it carries files (a picture); JSON or a form otherwise. */
  readonly consumes?: 'multipart/form-data';
  /** JSON answers by status. An endpoint that answers a file names its media type in `file` instead. */
  readonly responses: { readonly 200?: z.ZodType; readonly 202?: z.ZodType };
  readonly file?:
    | 'application/pdf'
    | 'text/csv'
    | 'text/calendar'
    | 'text/plain'
    | 'application/xml'
    | 'image/webp'
    | 'video/*';
  readonly errors: readonly ErrorStatus[];
  /** Hidden from the OpenAPI document (the payment providers' return routes). */
  readonly hidden?: boolean;
}

/**
 * Declares an endpoint, keeping its literal types for the server's and the web's inference. Declarations
 * look alike on purpose (method, path, access, summary, tags, schemas, errors, each spelled out where the
 * endpoint is): `duplicates` pairs them by shape, and they stay written out (docs/decisions/061).
 */
export function defineEndpoint<const Definition extends EndpointDefinition>(
  definition: Definition,
): Definition {
  return definition;
}

type InputOf<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;
type OutputOf<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** What the caller sends (before the schema's coercions and defaults). */
export type EndpointInput<E extends EndpointDefinition> = {
  params: InputOf<E['params']>;
  query: InputOf<E['query']>;
  body: InputOf<E['body']>;
};
/** What the handler receives (after them). */
export type EndpointRequest<E extends EndpointDefinition> = {
  Params: OutputOf<E['params']>;
  Querystring: OutputOf<E['query']>;
  Body: OutputOf<E['body']>;
};
/** The JSON answer of a successful call. */
export type EndpointResponse<E extends EndpointDefinition> = E['responses'] extends { 200: infer S }
  ? OutputOf<S>
  : E['responses'] extends { 202: infer S }
    ? OutputOf<S>
    : undefined;

/** The path with its parameters filled in, each encoded: `/api/order/12/cancel`. */
export function endpointPath(endpoint: Pick<EndpointDefinition, 'path'>, params?: object): string {
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.path}: missing :${name}`);
    return encodeURIComponent(String(value));
  });
}
