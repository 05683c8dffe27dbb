// Verifies the access tokens the auth service signs (EdDSA / Ed25519 JWTs, ARCHITECTURE.md
// "Security"). Every service and the gateway verify locally against auth's public keys, either
// fetched from its JWKS endpoint (cached and refreshed by jose) or given inline.
//
// A token that is bad for any reason rejects with TokenError (callers answer 401). A failure to
// reach the JWKS endpoint is *not* a TokenError and propagates unchanged: an auth outage must
// surface as a server error, not log every user out.
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

export const TOKEN_ISSUER = 'castbook-auth';
export const TOKEN_AUDIENCE = 'castbook';
export const TOKEN_ALGORITHM = 'EdDSA';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Issued at, seconds since the epoch. */
  iat: number;
}

export type TokenErrorReason =
  | 'malformed' // not a JWS compact JWT, bad JSON, or a required claim missing or of the wrong type
  | 'expired'
  | 'not_yet_valid'
  | 'invalid_signature'
  | 'unknown_key' // signed with a key id the JWKS does not hold
  | 'wrong_algorithm' // anything but EdDSA, including 'none' and HS256
  | 'wrong_issuer'
  | 'wrong_audience';

export class TokenError extends Error {
  constructor(
    readonly reason: TokenErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

export type TokenVerifierOptions = (
  | {
      jwksUrl: string | URL;
      /** Least time between two fetches, also when a token names an unknown key id (jose default 30 s). */
      jwksCooldownMs?: number;
      /** How long fetched keys are trusted before a refetch (jose default 10 min). */
      jwksCacheMaxAgeMs?: number;
      /** Request timeout for the JWKS fetch (jose default 5 s). */
      jwksTimeoutMs?: number;
    }
  | { jwks: JSONWebKeySet }
) & {
  /** Allowed clock skew between auth and this process, seconds. */
  clockToleranceSec?: number;
  /**
   * How long a token whose signature checked out is remembered, so the next request with the same
   * token skips the Ed25519 check (the largest CPU cost of a light request: the gateway and the
   * service each verify every request). Expiry is still checked on every call; a key withdrawn from
   * the JWKS stops being honoured within this time. 0 turns the cache off. Default 60 s.
   */
  verifiedTtlMs?: number;
  /** Most tokens remembered (least recently used forgotten first). Default 10,000. */
  verifiedMaxEntries?: number;
};

export interface TokenVerifier {
  verify(token: string): Promise<AccessClaims>;
}

const DEFAULT_CLOCK_TOLERANCE_SEC = 5;
const DEFAULT_VERIFIED_TTL_MS = 60_000;
const DEFAULT_VERIFIED_MAX_ENTRIES = 10_000;

/** Tokens whose signature and claims checked out: token → claims, until `until` (ms). */
class VerifiedTokens {
  private readonly entries = new Map<string, { claims: AccessClaims; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(token: string, nowMs: number): AccessClaims | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    this.entries.delete(token);
    if (hit.until <= nowMs) return undefined;
    this.entries.set(token, hit); // most recently used last
    return hit.claims;
  }

  remember(token: string, claims: AccessClaims, nowMs: number): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(token);
    this.entries.set(token, { claims, until: nowMs + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  // createRemoteJWKSet caches the key set and refetches it on an unknown kid (at most once per
  // cooldown) or once it is older than cacheMaxAge; one instance per verifier keeps that cache. So
  // auth must publish a new key in its JWKS before it signs with it.
  const keys: JWTVerifyGetKey =
    'jwksUrl' in options
      ? createRemoteJWKSet(new URL(options.jwksUrl), {
          cooldownDuration: options.jwksCooldownMs,
          cacheMaxAge: options.jwksCacheMaxAgeMs,
          timeoutDuration: options.jwksTimeoutMs,
        })
      : createLocalJWKSet(options.jwks);
  const clockTolerance = options.clockToleranceSec ?? DEFAULT_CLOCK_TOLERANCE_SEC;
  const verified = new VerifiedTokens(
    options.verifiedTtlMs ?? DEFAULT_VERIFIED_TTL_MS,
    options.verifiedMaxEntries ?? DEFAULT_VERIFIED_MAX_ENTRIES,
  );

  return {
    async verify(token: string): Promise<AccessClaims> {
      if (typeof token !== 'string' || token.length === 0) throw new TokenError('malformed', 'no token');
      const nowMs = Date.now();
      const known = verified.get(token, nowMs);
      if (known) {
        // The same check jose makes: expired once now is past exp by more than the tolerance.
        if (nowMs / 1000 - clockTolerance >= known.exp) throw new TokenError('expired', 'token has expired');
        return known;
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          algorithms: [TOKEN_ALGORITHM],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          clockTolerance,
          requiredClaims: ['sub', 'sid', 'exp', 'iat'],
        }));
      } catch (err) {
        throw toTokenError(err);
      }
      const claims = claimsOf(payload);
      verified.remember(token, claims, nowMs);
      return claims;
    },
  };
}

function claimsOf(payload: JWTPayload): AccessClaims {
  const { sub, sid, exp, iat } = payload;
  if (typeof sub !== 'string' || sub === '') throw new TokenError('malformed', "claim 'sub' must be a string");
  if (typeof sid !== 'string' || sid === '') throw new TokenError('malformed', "claim 'sid' must be a string");
  // jose has already checked that exp and iat are numbers.
  return { userId: sub, sessionId: sid, exp: exp as number, iat: iat as number };
}

function toTokenError(err: unknown): unknown {
  if (err instanceof errors.JWTExpired) return new TokenError('expired', 'token has expired');
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'iss') return new TokenError('wrong_issuer', 'token was not issued by castbook-auth');
    if (err.claim === 'aud') return new TokenError('wrong_audience', 'token is not meant for castbook');
    if (err.claim === 'nbf' || (err.claim === 'iat' && err.reason === 'check_failed')) {
      return new TokenError('not_yet_valid', 'token is not valid yet');
    }
    return new TokenError('malformed', `bad claim '${err.claim}': ${err.message}`);
  }
  if (err instanceof errors.JOSEAlgNotAllowed)
    return new TokenError('wrong_algorithm', `only ${TOKEN_ALGORITHM} is accepted`);
  if (err instanceof errors.JWSSignatureVerificationFailed) return new TokenError('invalid_signature', 'bad signature');
  if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys) {
    return new TokenError('unknown_key', 'token was not signed by a known key');
  }
  if (err instanceof errors.JWSInvalid || err instanceof errors.JWTInvalid || err instanceof errors.JOSENotSupported) {
    return new TokenError('malformed', `malformed token: ${err.message}`);
  }
  // JWKSTimeout, JWKSInvalid, network errors: the key source failed, not the token.
  return err;
}
