import {
  changePasswordEndpoint,
  getClientConfigEndpoint,
  getMeEndpoint,
  loginWithPasswordEndpoint,
  loginWithPhoneEndpoint,
  logOutEndpoint,
  revokeUserSessionsEndpoint,
  sendOtpEndpoint,
  updateCurrencyEndpoint,
  updateEmailNoticesEndpoint,
  updateLanguageEndpoint,
  updateRemindersEndpoint,
  updateUserDetailsEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { CaptchaVerifier } from '../../integrations/captcha/captcha-verifier.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { SessionService } from './session.service.ts';

/** Sign-in, sign-out and the signed-in person's own details (docs/api.md "Session"). */
export const sessionRoutes: FastifyPluginAsync<{
  sessions: SessionService;
  captcha: CaptchaVerifier;
}> = async (app, { sessions, captcha }) => {
  // Guessing codes or passwords from one address is slowed down on top of the per-code try limit
  // (counted by the app-wide rate-limits plugin: in Redis, across instances, when REDIS_URL is set).
  const loginRateLimit = { max: app.config.LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: '1 minute' };

  route(app, getClientConfigEndpoint, () => ({
    captcha: { provider: captcha.provider, site_key: captcha.siteKey ?? null },
    support: { email: app.config.SUPPORT_EMAIL ?? null, phone: app.config.SUPPORT_PHONE ?? null },
    social: {
      facebook: app.config.SOCIAL_FACEBOOK_URL ?? null,
      instagram: app.config.SOCIAL_INSTAGRAM_URL ?? null,
    },
    // A production site on the providers' test systems: every page says payments are tests. Cards are on
    // where the deployment has a Stripe account (docs/decisions/052).
    payments: { test_mode: app.config.paymentsAreTests, cards_enabled: app.config.cardsEnabled },
  }));

  route(app, sendOtpEndpoint, (request) =>
    sessions.sendCode({ ...request.body, ip: request.ip, language: requestLanguage(request.headers) }),
  );

  route(
    app,
    loginWithPhoneEndpoint,
    (request) => sessions.signInWithCode({ ...request.body, userAgent: request.headers['user-agent'] }),
    { config: { rateLimit: loginRateLimit } },
  );
  route(
    app,
    loginWithPasswordEndpoint,
    (request) => sessions.signInWithPassword({ ...request.body, userAgent: request.headers['user-agent'] }),
    { config: { rateLimit: loginRateLimit } },
  );

  route(app, getMeEndpoint, (request) => {
    const { sessionId: _sessionId, ...user } = viewerOf(request);
    return { user };
  });

  route(app, logOutEndpoint, async (request) => {
    await sessions.signOut(viewerOf(request).sessionId);
    return { message: "You're Logged Out" };
  });

  route(app, updateUserDetailsEndpoint, async (request) => ({
    user: await sessions.updateDetails(viewerOf(request), request.body),
  }));

  route(app, updateLanguageEndpoint, async (request) => ({
    user: await sessions.updateLanguage(viewerOf(request), request.body.language),
  }));

  route(app, updateCurrencyEndpoint, async (request) => ({
    user: await sessions.updateCurrency(viewerOf(request), request.body.currency),
  }));

  route(app, updateEmailNoticesEndpoint, async (request) => ({
    user: await sessions.updateEmailNotices(viewerOf(request), request.body.email_notices),
  }));

  route(app, updateRemindersEndpoint, async (request) => ({
    user: await sessions.updateReminders(viewerOf(request), request.body),
  }));

  // Guessing the current password is slowed down per address, as for sign-in.
  route(app, changePasswordEndpoint, (request) => sessions.changePassword(viewerOf(request), request.body), {
    config: { rateLimit: loginRateLimit },
  });

  route(app, revokeUserSessionsEndpoint, (request) =>
    sessions.revokeAllSessions(viewerOf(request), request.params.id),
  );
};
