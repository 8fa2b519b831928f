import { changePhoneEndpoint, deleteAccountEndpoint, sendPhoneChangeCodeEndpoint } from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { AccountService } from './account.service.ts';

/** The patron's own account: a new phone number, and deleting the account (docs/api.md "Account"). */
export const accountRoutes: FastifyPluginAsync<{ account: AccountService }> = async (app, { account }) => {
  route(app, sendPhoneChangeCodeEndpoint, (request) =>
    account.sendPhoneChangeCode(viewerOf(request), { ...request.body, ip: request.ip }),
  );

  // Guessing codes is slowed down per address as for sign-in, on top of each code's own try limit.
  route(
    app,
    changePhoneEndpoint,
    async (request) => ({ user: await account.changePhone(viewerOf(request), request.body) }),
    { config: { rateLimit: { max: app.config.LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  route(app, deleteAccountEndpoint, (request) => account.deleteAccount(viewerOf(request)));
};
