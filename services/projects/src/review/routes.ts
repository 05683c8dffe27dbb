// GET /api/projects/{id}/review (issue 19): the review queue, owner only (another user's project is
// a 404); read-only projects list theirs too (reading stays allowed).
import { apiSuccess, ok, reviewQueuePage } from '@castbook/contracts';
import { currentUser, errorResponses, type authHook, type HttpService } from '@castbook/platform';
import { z } from 'zod';
import type { Projects } from '../domain/project-service.js';
import { INVALID_REVIEW_CURSOR, REVIEW_LIMIT, reviewPage } from './queue.js';

const LIMIT_MESSAGE = `must be a whole number from 1 to ${REVIEW_LIMIT.max}`;
const query = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(REVIEW_LIMIT.max, { error: LIMIT_MESSAGE })
    .default(REVIEW_LIMIT.default)
    .describe(`Quotes per page: 1 to ${REVIEW_LIMIT.max}, default ${REVIEW_LIMIT.default}`),
  cursor: z.string().optional().describe("The previous page's nextCursor (opaque); leave it out for the first page"),
});

export function reviewRoutes(app: HttpService, projects: Projects, signedIn: ReturnType<typeof authHook>): void {
  app.get(
    '/api/projects/:id/review',
    {
      onRequest: signedIn,
      schema: {
        summary: 'The quotes to review: not confirmed by the user, least confident first, one page at a time',
        description:
          "Each with its chapter, the text around it, the engine's candidate speakers with probabilities and its " +
          `evidence. \`nextCursor\` is the next page's cursor, or null on the last. ${INVALID_REVIEW_CURSOR.split(':')[0]} or limit: 400.`,
        params: z.object({ id: z.string() }),
        querystring: query,
        response: {
          200: apiSuccess(reviewQueuePage),
          400: errorResponses(400)[400]!.describe('A bad limit or cursor'),
          ...errorResponses(401, 404),
        },
      },
    },
    async (req) => {
      const { project, content } = await projects.withContent(currentUser(req).userId, req.params.id);
      return ok(reviewPage(project, content, req.query));
    },
  );
}
