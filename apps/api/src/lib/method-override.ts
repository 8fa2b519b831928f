import type { preValidationHookHandler } from 'fastify';
import { AppError } from './app-error.ts';

const OVERRIDABLE = new Set(['PATCH', 'PUT']);

/**
 * Method override (docs/api.md#method-override): browsers' forms can only POST, so `POST` with `_method=patch` (any case) is an
 * update. An update route registers both POST and PATCH and adds this hook: a POST without the override is
 * refused rather than silently treated as an update.
 */
export const requireMethodOverrideForPost: preValidationHookHandler = (request, _reply, done) => {
  const body = request.body;
  const override =
    body && typeof body === 'object' && '_method' in body
      ? String((body as Record<string, unknown>)._method)
      : '';
  if (body && typeof body === 'object') delete (body as Record<string, unknown>)._method;
  if (request.method === 'POST' && !OVERRIDABLE.has(override.toUpperCase())) {
    return done(new AppError('invalidInput', 'Send _method=patch to update with POST.'));
  }
  done();
};
