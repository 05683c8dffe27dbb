// argon2id with OWASP's minimum profile (m = 19 MiB, t = 2, p = 1): about 60-70 ms per hash on one
// core here, which is what makes login the slowest call. Unknown emails are checked against a dummy
// hash so that a wrong email takes as long as a wrong password (no enumeration by timing).
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// The package's Algorithm is a const enum, which isolated modules cannot read at run time.
const ARGON2ID = 2 as Algorithm.Argon2id;

export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

let dummyHash: Promise<string> | undefined;

/** Verifies `password` against `stored`, or burns the same time against a dummy hash when there is no user. */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (stored === undefined) {
    dummyHash ??= hashPassword('dummy password that matches nobody');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
