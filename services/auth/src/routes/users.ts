// /api/users/*: the caller's own profile (SPEC §7). Another user's id is refused with 403.
import { ok, updateProfileBody } from '@castbook/contracts';
import { currentUser, HttpError, type HttpService } from '@castbook/platform';
import type { Accounts } from '../domain/accounts.js';
import type { CallContextOf, SignedIn } from './context.js';
import { parseBody } from '../domain/validation.js';

export function userRoutes(app: HttpService, accounts: Accounts, signedIn: SignedIn, callContext: CallContextOf) {
  app.get('/api/users/profile', { onRequest: signedIn }, async (req) => {
    const { id } = req.query as { id?: unknown };
    if (id !== undefined && typeof id !== 'string') throw new HttpError(400, 'id must be a single value');
    return ok(await accounts.profile(currentUser(req), id));
  });

  app.post('/api/users/update-profile', { onRequest: signedIn }, async (req) => {
    const body = parseBody(updateProfileBody, req.body);
    return ok(await accounts.updateProfile(currentUser(req), body, callContext(req)));
  });
}
