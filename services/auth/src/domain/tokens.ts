// Access tokens: EdDSA (Ed25519) JWTs with the session id (`sid`), signed with the key every replica
// shares (db/signing-keys.ts), in the shape platform/tokens/verify.ts checks.
import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@castbook/platform';
import type { StoredKey } from '../db/signing-keys.js';

export async function generateSigningKey(): Promise<StoredKey> {
  const { publicKey, privateKey } = await generateKeyPair(TOKEN_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const kid = randomUUID();
  const meta = { kid, alg: TOKEN_ALGORITHM, use: 'sig' };
  return {
    kid,
    publicJwk: { ...(await exportJWK(publicKey)), ...meta },
    privateJwk: { ...(await exportJWK(privateKey)), ...meta },
  };
}

export class TokenSigner {
  private constructor(
    private readonly kid: string,
    private readonly key: CryptoKey,
  ) {}

  static async fromStored(stored: StoredKey): Promise<TokenSigner> {
    const key = await importJWK(stored.privateJwk as JWK, TOKEN_ALGORITHM);
    return new TokenSigner(stored.kid, key as CryptoKey);
  }

  /** A token for the session, expiring with it. */
  sign(claims: { userId: string; sessionId: string }, issuedAt: Date, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: this.kid, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }
}
