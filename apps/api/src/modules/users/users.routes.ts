import {
  createUserEndpoint,
  deleteUserEndpoint,
  getUserEndpoint,
  listUsersEndpoint,
  updateUserEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

/** An administrator's user management (docs/api.md "Users"). */
export const usersRoutes: FastifyPluginAsync<{ users: UsersService }> = async (app, { users }) => {
  route(app, listUsersEndpoint, (request) => users.list(request.query));
  route(app, getUserEndpoint, (request) => users.get(request.params.id));
  route(app, createUserEndpoint, (request) => users.create(viewerOf(request), request.body));
  route(app, updateUserEndpoint, (request) =>
    users.update(viewerOf(request), request.params.id, request.body),
  );
  route(app, deleteUserEndpoint, (request) => users.remove(viewerOf(request), request.params.id));
};
