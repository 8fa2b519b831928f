import { SignJWT } from 'jose';
import { SESSION_TOKEN_ISSUER, type TokenClaims } from '../../lib/session-tokens.ts';

/** Issues a session token (lib/session-tokens.ts says what it holds; the auth plugin reads it). */
export async function signSessionToken(
  secret: Uint8Array,
  claims: TokenClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(SESSION_TOKEN_ISSUER)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(secret);
}
