import {
  errorResponseSchema,
  idParamsSchema,
  userFormSchema,
  userResponseSchema,
  usersQuerySchema,
  usersResponseSchema,
} from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole, viewerOf } from '../../plugins/auth.ts';
import { requireMethodOverrideForPost } from '../../plugins/body-parsers.ts';
import type { UsersService } from './users.service.ts';

/** An administrator's user management (API.md "Users"). */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const tags = ['users'];
  const config = requireRole('admin');
  const errors = {
    400: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    422: errorResponseSchema,
  };

  app.get(
    '/api/user',
    {
      config,
      schema: {
        tags,
        summary: 'A page of active accounts, oldest first, searched and filtered by role',
        querystring: usersQuerySchema,
        response: { 200: usersResponseSchema, 422: errorResponseSchema },
      },
    },
    (request) => users.list(request.query),
  );
  app.get(
    '/api/user/:id/edit',
    {
      config,
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: userResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => users.get(request.params.id),
  );
  app.post(
    '/api/user',
    {
      config,
      schema: {
        tags,
        summary: 'Create a patron or a monastery staff member',
        body: userFormSchema,
        response: { 200: usersResponseSchema, ...errors },
      },
    },
    (request) => users.create(viewerOf(request), request.body),
  );
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/user/:id',
    config,
    preValidation: requireMethodOverrideForPost,
    schema: {
      tags,
      summary: 'Update a user (password only when sent)',
      params: idParamsSchema,
      body: userFormSchema,
      response: { 200: usersResponseSchema, ...errors },
    },
    handler: (request) => users.update(viewerOf(request), request.params.id, request.body),
  });
  app.delete(
    '/api/user/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a user (archived and signed out when it has history)',
        params: idParamsSchema,
        response: { 200: usersResponseSchema, ...errors },
      },
    },
    (request) => users.remove(viewerOf(request), request.params.id),
  );
};
