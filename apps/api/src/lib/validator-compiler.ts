import type { FastifySchemaCompiler } from 'fastify';
import { type $ZodType, safeParse } from 'zod/v4/core';

/**
 * Marks an error list as zod's for `hasZodFastifySchemaValidationErrors` (fastify-type-provider-zod finds it
 * by this registered symbol).
 */
const ZOD_VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

/**
 * fastify-type-provider-zod's validator compiler, except that each issue keeps the input it is about:
 * zod's default messages are written from it (`expected string, received number`), and plugins/errors.ts
 * writes them again in the request's language (api-messages/zod-messages.ts). The input stays on the
 * server: the answer carries only the messages.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { reportInput: true });
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map(({ path, code, message, ...params }) => ({
        [ZOD_VALIDATION_ERROR]: true,
        keyword: code,
        instancePath: `/${path.join('/')}`,
        schemaPath: `#/${path.join('/')}/${code}`,
        message,
        params,
      })),
    };
  };
