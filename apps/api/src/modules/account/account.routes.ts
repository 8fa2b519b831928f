import {
  changePhoneEndpoint,
  deleteAccountEndpoint,
  SMS_SENT_MESSAGE,
  sendPhoneChangeCodeEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import { SignInThrottledError } from '../session/sign-in-codes.ts';
import type { AccountService } from './account.service.ts';

/** The patron's own account: a new phone number, and deleting the account (docs/api.md "Account"). */
export const accountRoutes: FastifyPluginAsync<{ account: AccountService }> = async (app, { account }) => {
  route(app, sendPhoneChangeCodeEndpoint, async (request, reply) => {
    try {
      const sent = await account.sendPhoneChangeCode(viewerOf(request), { ...request.body, ip: request.ip });
      return {
        message: SMS_SENT_MESSAGE,
        challenge: sent.challenge,
        phone: sent.phone,
        resend_after_seconds: sent.resendAfterSeconds,
      };
    } catch (error) {
      if (error instanceof SignInThrottledError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });

  // Guessing codes is slowed down per address as for sign-in, on top of each code's own try limit.
  route(
    app,
    changePhoneEndpoint,
    async (request) => ({ user: await account.changePhone(viewerOf(request), request.body) }),
    { config: { rateLimit: { max: app.config.LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  route(app, deleteAccountEndpoint, (request) => account.deleteAccount(viewerOf(request)));
};
