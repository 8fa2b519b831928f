import {
  clientConfigResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  loginPasswordRequestSchema,
  loginPhoneRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  revokeSessionsResponseSchema,
  SMS_SENT_MESSAGE,
  sendOtpRequestSchema,
  sendOtpResponseSchema,
  updateUserDetailsRequestSchema,
} from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CaptchaVerifier } from '../../integrations/captcha/captcha-verifier.ts';
import { publicAccess, requireRole, signedIn, viewerOf } from '../../plugins/auth.ts';
import { requireMethodOverrideForPost } from '../../plugins/body-parsers.ts';
import type { SessionService } from './session.service.ts';
import { SignInThrottledError } from './sign-in-codes.ts';

/** Sign-in, sign-out and the signed-in person's own details (API.md "Session"). */
export const sessionRoutes: FastifyPluginAsyncZod<{
  sessions: SessionService;
  captcha: CaptchaVerifier;
}> = async (app, { sessions, captcha }) => {
  const tags = ['session'];
  // Guessing codes or passwords from one address is slowed down on top of the per-code try limit
  // (counted by the app-wide rate-limits plugin: in Redis, across instances, when REDIS_URL is set).
  const loginRateLimit = { max: app.config.LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: '1 minute' };

  app.get(
    '/api/client-config',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'What the sign-in form needs to know',
        response: { 200: clientConfigResponseSchema },
      },
    },
    async () => ({ captcha: { provider: captcha.provider, site_key: captcha.siteKey ?? null } }),
  );

  app.post(
    '/api/send-otp',
    {
      config: publicAccess,
      schema: {
        tags,
        body: sendOtpRequestSchema,
        response: { 200: sendOtpResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        const sent = await sessions.sendCode({ ...request.body, ip: request.ip });
        return {
          message: SMS_SENT_MESSAGE,
          challenge: sent.challenge,
          phone: sent.phone,
          resend_after_seconds: sent.resendAfterSeconds,
        };
      } catch (error) {
        // The error handler writes the body; the wait also goes out as the standard header, for clients.
        if (error instanceof SignInThrottledError)
          reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.post(
    '/api/login-phone',
    {
      config: { ...publicAccess, rateLimit: loginRateLimit },
      schema: {
        tags,
        body: loginPhoneRequestSchema,
        response: { 200: loginResponseSchema, 401: errorResponseSchema },
      },
    },
    (request) => sessions.signInWithCode({ ...request.body, userAgent: request.headers['user-agent'] }),
  );

  app.post(
    '/api/login',
    {
      config: { ...publicAccess, rateLimit: loginRateLimit },
      schema: {
        tags,
        body: loginPasswordRequestSchema,
        response: { 200: loginResponseSchema, 401: errorResponseSchema },
      },
    },
    (request) => sessions.signInWithPassword({ ...request.body, userAgent: request.headers['user-agent'] }),
  );

  app.get(
    '/api/me',
    { config: signedIn, schema: { tags, response: { 200: meResponseSchema } } },
    async (request) => {
      const { sessionId: _sessionId, ...user } = viewerOf(request);
      return { user };
    },
  );

  app.get(
    '/api/logout',
    { config: signedIn, schema: { tags, response: { 200: messageResponseSchema } } },
    async (request) => {
      await sessions.signOut(viewerOf(request).sessionId);
      return { message: "You're Logged Out" };
    },
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/update-user-details',
    config: signedIn,
    preValidation: requireMethodOverrideForPost,
    schema: { tags, body: updateUserDetailsRequestSchema, response: { 200: meResponseSchema } },
    handler: async (request) => ({ user: await sessions.updateDetails(viewerOf(request).id, request.body) }),
  });

  app.post(
    '/api/user/:id/revoke-sessions',
    {
      config: requireRole('admin'),
      schema: {
        tags,
        summary: 'Sign a person out everywhere',
        params: idParamsSchema,
        response: {
          200: revokeSessionsResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    (request) => sessions.revokeAllSessions(viewerOf(request), request.params.id),
  );
};
