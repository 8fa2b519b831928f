import { jwtVerify, SignJWT } from 'jose';

/**
 * Session tokens: an HS256 JWT naming the user (`sub`) and the session row (`sid`). The signature stops
 * forgery; the row, checked on every request, makes sign-out and revocation immediate.
 */
const ISSUER = 'puja-marketplace';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export async function signSessionToken(
  secret: Uint8Array,
  claims: TokenClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(secret);
}

/** The claims of a well-signed, unexpired token, or undefined for anything else. */
export async function readSessionToken(secret: Uint8Array, token: string): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return undefined;
    return { userId, sessionId: payload.sid };
  } catch {
    return undefined;
  }
}
