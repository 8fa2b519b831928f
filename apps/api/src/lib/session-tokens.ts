import { jwtVerify } from 'jose';

/**
 * Session tokens: an HS256 JWT naming the user (`sub`) and the session row (`sid`). The signature stops
 * forgery; the row, checked on every request, makes sign-out and revocation immediate. The session module
 * issues them (modules/session/session-tokens.ts); the auth plugin reads them on every request.
 */
export const SESSION_TOKEN_ISSUER = 'puja-marketplace';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

/** The claims of a well-signed, unexpired token, or undefined for anything else. */
export async function readSessionToken(secret: Uint8Array, token: string): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: SESSION_TOKEN_ISSUER,
      algorithms: ['HS256'],
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return undefined;
    return { userId, sessionId: payload.sid };
  } catch {
    return undefined;
  }
}
