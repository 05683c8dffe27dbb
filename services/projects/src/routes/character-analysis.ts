// POST /api/projects/{id}/character-analysis (SPEC §7, issue 18): the projects service answers it
// because it owns the characters, quotes and text the analysis reads (docs/decisions.md).
import {
  apiError,
  apiSuccess,
  characterAnalysisDetail,
  characterAnalysisRequest,
  CHARACTER_ANALYSIS_MAX_IDS,
  ok,
} from '@castbook/contracts';
import { errorResponses, type authHook, type HttpService } from '@castbook/platform';
import { z } from 'zod';
import type { CharacterAnalyses } from '../domain/character-analysis/service.js';
import { callerOf } from './projects.js';

export function characterAnalysisRoutes(
  app: HttpService,
  analyses: CharacterAnalyses,
  signedIn: ReturnType<typeof authHook>,
) {
  app.post(
    '/api/projects/:id/character-analysis',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Analyse characters of the project (Pro: characters:analysis)',
        description:
          'One analysis per id, in the order asked (`data[0]` is the first). Each has the SPEC fields ' +
          '(summary, personality, arc, relationships, motivation), `source` (`built-in`: counted from the ' +
          "project's text, outline and quotes), the counts they state, and what a narrator needs. Stored with " +
          'the project and answered as stored while its data is unchanged; `refresh: true` computes it again. ' +
          `At most ${CHARACTER_ANALYSIS_MAX_IDS} ids. 403 on a plan without characters:analysis; 404 for an ` +
          'unknown project or character.',
        params: z.object({ id: z.string() }),
        body: characterAnalysisRequest,
        response: {
          200: apiSuccess(z.array(characterAnalysisDetail)),
          403: apiError.describe('The plan has no characters:analysis'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (req) =>
      ok(await analyses.analyse(callerOf(req), req.params.id, req.body.characterIds, req.body.refresh ?? false)),
  );
}
