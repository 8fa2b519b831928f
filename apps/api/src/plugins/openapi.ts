import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type JsonObject = Record<string, unknown>;
type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * OpenAPI generated from the same zod schemas the routes validate with: `/api/openapi.json`, `/api/docs`.
 * Valid OpenAPI 3.0 by Spectral's `oas` rules and Redocly's recommended ones (openapi.test.ts lints the
 * document the app serves and compiles a client generated from it). Each operation's `operationId`,
 * `security` and description come from its declaration (lib/endpoint-route.ts); what fastify-swagger leaves
 * out is added here.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Puja marketplace API',
          description: 'Order prayer ceremonies from monasteries in Nepal. See docs/api.md for the contract.',
          version: '1.0.0',
          license: { name: 'Proprietary' },
        },
        // Relative: the document describes the deployment that serves it.
        servers: [{ url: '/', description: 'This deployment' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: (input) => withFileAnswer(jsonSchemaTransform(input)),
      transformObject: (input) => completed(jsonSchemaTransformObject(input)),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);

/**
 * An endpoint that answers a file (`file` in its declaration, turned into `produces`) has no JSON answer to
 * describe: its 200 is the file's bytes, in its media type.
 */
function withFileAnswer<T extends { schema: object }>(transformed: T): T {
  const schema = transformed.schema as JsonObject | undefined;
  if (!schema) return transformed;
  const produces = schema.produces as string[] | undefined;
  const response = (schema.response ?? {}) as JsonObject;
  if (!produces?.length || response[200]) return transformed;
  const content = Object.fromEntries(
    produces.map((mediaType) => [mediaType, { schema: { type: 'string', format: 'binary' } }]),
  );
  return {
    ...transformed,
    schema: { ...schema, response: { 200: { description: 'The file', content }, ...response } },
  };
}

/**
 * The whole document: each tag an operation uses is listed (with no description of its own), and a nullable
 * reference carries the type OpenAPI 3.0 wants beside `nullable` (zod writes `{ nullable, allOf: [$ref] }`).
 */
function completed(document: OpenApiDocument): OpenApiDocument {
  const tags = new Set<string>();
  const paths = (document as { paths?: Record<string, JsonObject> }).paths ?? {};
  for (const pathItem of Object.values(paths)) {
    for (const operation of Object.values(pathItem) as JsonObject[]) {
      for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
    }
  }
  const components = (document as { components?: { schemas?: Record<string, JsonObject> } }).components;
  const schemas = components?.schemas ?? {};
  const typeOfReference = (reference: string) =>
    schemas[reference.replace('#/components/schemas/', '')]?.type;
  const typed = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(typed);
    if (!node || typeof node !== 'object') return node;
    const copy = Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, typed(value)]),
    ) as JsonObject;
    const allOf = copy.allOf as JsonObject[] | undefined;
    if (copy.nullable === true && copy.type === undefined && allOf?.length === 1 && allOf[0]?.$ref) {
      const type = typeOfReference(String(allOf[0].$ref));
      if (type) copy.type = type;
    }
    return copy;
  };
  const result = typed(document) as OpenApiDocument;
  // An update browsers send as POST with `_method` (docs/decisions/014) is one route with two methods,
  // which fastify-swagger gives one operation object: the POST twin gets its own id.
  for (const pathItem of Object.values((result as { paths?: Record<string, JsonObject> }).paths ?? {})) {
    const post = pathItem.post as JsonObject | undefined;
    const twin = ['patch', 'delete']
      .map((method) => pathItem[method] as JsonObject | undefined)
      .find((operation) => operation && post && operation.operationId === post.operationId);
    if (!post || !twin) continue;
    post.operationId = `${String(post.operationId)}AsPost`;
    post.description =
      `${String(post.description ?? '')} The same operation as its ${twin === pathItem.patch ? 'PATCH' : 'DELETE'}, sent as POST with \`_method\` in the body, as HTML forms must.`.trim();
  }
  return { ...result, tags: [...tags].sort().map((name) => ({ name })) };
}
