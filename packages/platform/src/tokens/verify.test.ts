import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, UnsecuredJWT, type JWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateTestKeyPair, signAccessToken, type TestKeyPair } from '@castbook/test-kit/tokens';
import { TokenError, createTokenVerifier, type TokenErrorReason, type TokenVerifier } from './verify.js';

const user = { userId: 'user-1', sessionId: 'session-1' };

let authKey: TestKeyPair;
let otherKey: TestKeyPair;
let server: Server;
let jwksUrl: string;
let jwksRequests = 0;
let served: JWK[] = [];

beforeAll(async () => {
  authKey = await generateTestKeyPair('auth-key-1');
  otherKey = await generateTestKeyPair('other-key');
  // A real HTTP JWKS endpoint, as auth will serve it.
  server = createServer((req, res) => {
    jwksRequests++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: served }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let verifier: TokenVerifier;
beforeEach(() => {
  served = [authKey.publicJwk];
  jwksRequests = 0;
  verifier = createTokenVerifier({ jwksUrl });
});

async function rejection(token: string, v: TokenVerifier = verifier): Promise<TokenErrorReason> {
  const err = await v.verify(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TokenError);
  return (err as TokenError).reason;
}

const now = () => Math.floor(Date.now() / 1000);

describe('createTokenVerifier', () => {
  it('accepts a token signed by auth and returns its claims, fetching the JWKS once', async () => {
    const iat = now();
    const token = await signAccessToken(authKey.privateKey, user, 900, { kid: authKey.kid, iat });

    expect(await verifier.verify(token)).toEqual({ userId: 'user-1', sessionId: 'session-1', iat, exp: iat + 900 });
    await verifier.verify(token);
    expect(jwksRequests).toBe(1);
  });

  it('accepts a token without kid when the key set holds one matching key', async () => {
    const token = await signAccessToken(authKey.privateKey, user, 900);
    expect((await verifier.verify(token)).userId).toBe('user-1');
  });

  it('works from an inline key set', async () => {
    const local = createTokenVerifier({ jwks: { keys: [authKey.publicJwk] } });
    const token = await signAccessToken(authKey.privateKey, user, 900, { kid: authKey.kid });
    expect((await local.verify(token)).sessionId).toBe('session-1');
    expect(await rejection(await signAccessToken(otherKey.privateKey, user, 900), local)).toBe('invalid_signature');
  });

  it('rejects an expired token, allowing only a few seconds of clock skew', async () => {
    const justExpired = await signAccessToken(authKey.privateKey, user, 900, { iat: now() - 902 });
    expect((await verifier.verify(justExpired)).userId).toBe('user-1');

    const expired = await signAccessToken(authKey.privateKey, user, 900, { iat: now() - 960 });
    expect(await rejection(expired)).toBe('expired');
  });

  it('rejects a tampered token', async () => {
    const token = await signAccessToken(authKey.privateKey, user, 900, { kid: authKey.kid });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');

    expect(await rejection(`${header}.${forged}.${signature}`)).toBe('invalid_signature');
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    expect(await rejection(`${header}.${payload}.${flipped}`)).toBe('invalid_signature');
  });

  it('rejects a token signed with another key', async () => {
    // Claiming auth's key id: the signature does not match auth's public key.
    expect(await rejection(await signAccessToken(otherKey.privateKey, user, 900, { kid: authKey.kid }))).toBe(
      'invalid_signature',
    );
    // Its own key id: not in auth's key set.
    expect(await rejection(await signAccessToken(otherKey.privateKey, user, 900, { kid: otherKey.kid }))).toBe(
      'unknown_key',
    );
  });

  it('picks up a rotated key from the JWKS endpoint once the refetch cooldown allows', async () => {
    verifier = createTokenVerifier({ jwksUrl, jwksCooldownMs: 0 });
    const rotated = await generateTestKeyPair('auth-key-2');
    await verifier.verify(await signAccessToken(authKey.privateKey, user, 900, { kid: authKey.kid }));
    served = [authKey.publicJwk, rotated.publicJwk];

    const token = await signAccessToken(rotated.privateKey, user, 900, { kid: rotated.kid });
    expect((await verifier.verify(token)).userId).toBe('user-1');
    expect(jwksRequests).toBe(2);
  });

  it('remembers a verified token: expiry is still checked each time, a withdrawn key stops counting after the ttl', async () => {
    verifier = createTokenVerifier({ jwksUrl, jwksCooldownMs: 0, jwksCacheMaxAgeMs: 0, verifiedTtlMs: 200 });
    const token = await signAccessToken(authKey.privateKey, user, 900, { kid: authKey.kid });
    expect((await verifier.verify(token)).userId).toBe('user-1');
    // Withdrawn from the key set: the remembered token still passes, without asking the endpoint ...
    served = [];
    const requests = jwksRequests;
    expect((await verifier.verify(token)).sessionId).toBe('session-1');
    expect(jwksRequests).toBe(requests);
    // ... until the ttl has passed; then it is checked again, and refused.
    await new Promise((r) => setTimeout(r, 250));
    expect(await rejection(token)).toBe('unknown_key');

    // A remembered token that expires meanwhile is refused as expired (2 s of life, no tolerance).
    served = [authKey.publicJwk];
    verifier = createTokenVerifier({ jwksUrl, clockToleranceSec: 0 });
    const shortLived = await signAccessToken(authKey.privateKey, user, 2, { kid: authKey.kid });
    expect((await verifier.verify(shortLived)).userId).toBe('user-1');
    await new Promise((r) => setTimeout(r, 2100));
    expect(await rejection(shortLived)).toBe('expired');
  });

  it('rejects any algorithm but EdDSA, including HS256 and none', async () => {
    const claims = { sid: 'session-1' };
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: authKey.kid })
      .setSubject('user-1')
      .setIssuer('castbook-auth')
      .setAudience('castbook')
      .setIssuedAt()
      .setExpirationTime('15m')
      // The classic confusion attack: the public key's bytes used as an HMAC secret.
      .sign(Buffer.from(authKey.publicJwk.x as string, 'base64url'));
    expect(await rejection(hs256)).toBe('wrong_algorithm');

    const unsecured = new UnsecuredJWT(claims)
      .setSubject('user-1')
      .setIssuer('castbook-auth')
      .setAudience('castbook')
      .setIssuedAt()
      .setExpirationTime('15m')
      .encode();
    expect(await rejection(unsecured)).toBe('wrong_algorithm');
  });

  it('rejects a token for another issuer or audience', async () => {
    expect(await rejection(await signAccessToken(authKey.privateKey, user, 900, { issuer: 'someone-else' }))).toBe(
      'wrong_issuer',
    );
    expect(await rejection(await signAccessToken(authKey.privateKey, user, 900, { audience: 'other-app' }))).toBe(
      'wrong_audience',
    );
  });

  it('rejects malformed tokens and tokens without a session id', async () => {
    for (const token of ['', 'not-a-jwt', 'a.b.c', 'x.y']) expect(await rejection(token)).toBe('malformed');

    const noSid = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject('user-1')
      .setIssuer('castbook-auth')
      .setAudience('castbook')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(authKey.privateKey);
    expect(await rejection(noSid)).toBe('malformed');
  });

  it('reports an unreachable key endpoint as an outage, not as a bad token', async () => {
    const down = createTokenVerifier({ jwksUrl: 'http://127.0.0.1:1/jwks.json' });
    const token = await signAccessToken(authKey.privateKey, user, 900);
    const err = await down.verify(token).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(TokenError);
  });
});
