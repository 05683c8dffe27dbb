// Issue 19: merging a character into another and deleting one. Both answer the project's characters
// (each take with its signed playUrl) and quotes as they are after the change.
import { apiError, apiSuccess, character, ok, quote } from '@castbook/contracts';
import { errorResponses, type authHook, type HttpService } from '@castbook/platform';
import { z } from 'zod';
import type { AudioUrls } from '../domain/audio-urls.js';
import type { Projects } from '../domain/project-service.js';
import type { ProjectRecord } from '../domain/projects.js';
import { etagOf } from '../domain/revision.js';
import type { FastifyReply } from 'fastify';
import { callerOf } from './projects.js';

const ids = z.object({ id: z.string(), characterId: z.string() });
const cast = apiSuccess(z.object({ characters: z.array(character), quotes: z.array(quote) }));
const READ_ONLY_403 = apiError.describe(
  "The project is read-only (over the plan's project limit), or the CSRF pair is missing or different",
);

export function castRoutes(
  app: HttpService,
  deps: { projects: Projects; audioUrls: AudioUrls },
  signedIn: ReturnType<typeof authHook>,
) {
  const { projects, audioUrls } = deps;
  /** The cast after the change, and the revision it made as the ETag (project-revision in the app). */
  const answer = (reply: FastifyReply, p: ProjectRecord) => {
    void reply.header('ETag', etagOf(p.revision));
    return ok({ characters: audioUrls.withPlayUrls(p.userId, p.characters), quotes: p.quotes });
  };

  app.post(
    '/api/projects/:id/characters/:characterId/merge',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Merge a character into another (intoId)',
        description:
          "The merged character's name and aliases become aliases of the target, its lines become the " +
          "target's (method and confidence kept), its takes follow the target's (409 when together they " +
          "are more than 5: delete some first), its voice notes fill the target's empty ones; it is gone. " +
          "Re-analysis folds the engine's character of any of those names into the target.",
        params: ids,
        body: z.strictObject({
          intoId: z.string().max(200).describe('The id of the character that stays'),
        }),
        response: {
          200: cast,
          400: apiError.describe('No intoId, or intoId is the merged character itself'),
          403: READ_ONLY_403,
          404: apiError.describe('No such project or character (or not yours)'),
          409: apiError.describe('Together the characters have more than 5 takes'),
          ...errorResponses(401, 413),
        },
      },
    },
    async (req, reply) => {
      const { id, characterId } = req.params;
      return answer(reply, await projects.mergeCharacter(callerOf(req), id, characterId, req.body.intoId));
    },
  );

  app.delete(
    '/api/projects/:id/characters/:characterId',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Delete a character',
        description:
          'Its lines become unattributed (speakerId null, attributionMethod none), its recordings are ' +
          'deleted unless another character uses them, and re-analysis does not bring it back.',
        params: ids,
        response: {
          200: cast,
          403: READ_ONLY_403,
          404: apiError.describe('No such project or character (or not yours)'),
          ...errorResponses(401),
        },
      },
    },
    async (req, reply) =>
      answer(reply, await projects.deleteCharacter(callerOf(req), req.params.id, req.params.characterId)),
  );
}
