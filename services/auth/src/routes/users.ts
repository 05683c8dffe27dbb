// /api/users/*: the caller's own profile (SPEC §7). Another user's id is refused with 403.
import { apiSuccess, ok, updateProfileBody, user } from '@castbook/contracts';
import { currentUser, documentedOnly, errorResponses, HttpError, type HttpService } from '@castbook/platform';
import { z } from 'zod';
import type { Accounts } from '../domain/accounts.js';
import type { CallContextOf, SignedIn } from './context.js';
import { parseBody } from '../domain/validation.js';

export function userRoutes(app: HttpService, accounts: Accounts, signedIn: SignedIn, callContext: CallContextOf) {
  const profileQuery = z.object({ id: z.string().optional().describe("The caller's own id (another's is a 403)") });
  app.get(
    '/api/users/profile',
    {
      onRequest: signedIn,
      schema: {
        summary: "The caller's profile",
        querystring: documentedOnly(profileQuery),
        response: { 200: apiSuccess(user), ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { id } = req.query as { id?: unknown };
      if (id !== undefined && typeof id !== 'string') throw new HttpError(400, 'id must be a single value');
      return ok(await accounts.profile(currentUser(req), id));
    },
  );

  app.post(
    '/api/users/update-profile',
    {
      onRequest: signedIn,
      schema: {
        summary: "Change the caller's name",
        body: documentedOnly(updateProfileBody),
        response: { 200: apiSuccess(user), ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const body = parseBody(updateProfileBody, req.body);
      return ok(await accounts.updateProfile(currentUser(req), body, callContext(req)));
    },
  );
}
