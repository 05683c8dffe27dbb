// Test-only signer matching tokens/verify.ts. Signing belongs to the auth service (accounts issue);
// this mirrors the token shape auth will issue so verification can be tested before it exists.
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@castbook/platform';

export interface TestKeyPair {
  privateKey: CryptoKey;
  publicJwk: JWK;
  kid: string;
}

export async function generateTestKeyPair(kid: string): Promise<TestKeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALGORITHM, { crv: 'Ed25519' });
  return { privateKey, kid, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: TOKEN_ALGORITHM, use: 'sig' } };
}

export interface SignOptions {
  kid?: string;
  issuer?: string;
  audience?: string;
  /** Issued-at override, seconds since the epoch (to mint already-expired tokens). */
  iat?: number;
}

/** Signs an access token valid for `ttlSec` seconds from `iat` (default: now). */
export async function signAccessToken(
  privateKey: CryptoKey,
  claims: { userId: string; sessionId: string },
  ttlSec: number,
  options: SignOptions = {},
): Promise<string> {
  const iat = options.iat ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT', ...(options.kid ? { kid: options.kid } : {}) })
    .setSubject(claims.userId)
    .setIssuer(options.issuer ?? TOKEN_ISSUER)
    .setAudience(options.audience ?? TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSec)
    .sign(privateKey);
}
