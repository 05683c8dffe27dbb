// The signing key pair, generated once: the first replica to boot creates it under an advisory lock,
// every other replica (and every restart) loads the same one.
import type { Database } from '@castbook/platform';
import type { JWK } from 'jose';

export interface StoredKey {
  kid: string;
  publicJwk: JWK;
  privateJwk: JWK;
}

export async function loadOrCreateKey(db: Database, generate: () => Promise<StoredKey>): Promise<StoredKey> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('auth.signing_keys'))");
    const { rows } = await tx.query<{ kid: string; public_jwk: JWK; private_jwk: JWK }>(
      'SELECT kid, public_jwk, private_jwk FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1',
    );
    const found = rows[0];
    if (found) return { kid: found.kid, publicJwk: found.public_jwk, privateJwk: found.private_jwk };
    const key = await generate();
    await tx.query('INSERT INTO signing_keys (kid, public_jwk, private_jwk) VALUES ($1, $2, $3)', [
      key.kid,
      JSON.stringify(key.publicJwk),
      JSON.stringify(key.privateJwk),
    ]);
    return key;
  });
}

/** Public keys of every key not retired: a token signed by any of them still verifies. */
export async function publicKeys(db: Database): Promise<JWK[]> {
  const { rows } = await db.query<{ public_jwk: JWK }>(
    'SELECT public_jwk FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC',
  );
  return rows.map((r) => r.public_jwk);
}
