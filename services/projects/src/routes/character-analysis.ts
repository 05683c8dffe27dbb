// POST /api/projects/{id}/character-analysis (SPEC §7, issue 18): the projects service answers it
// because it owns the characters, quotes and text the analysis reads (docs/decisions.md).
import {
  apiError,
  apiSuccess,
  characterAnalysisDetail,
  characterAnalysisRequest,
  CHARACTER_ANALYSIS_MAX_IDS,
  ok,
  tokenUsage,
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
        // A new project has no characters until it is analysed: no link from its creation leads here.
        'x-not-always-there': true,
        description:
          'One analysis per id, in the order asked (`data[0]` is the first). Each has the SPEC fields ' +
          '(summary, personality, arc, relationships, motivation), `source` (`built-in`: counted from the ' +
          "project's text, outline and quotes), the counts they state, and what a narrator needs. Stored with " +
          'the project and kept while the character exists: an AI one as stored, a built-in one while its data is ' +
          'unchanged; `refresh: true` computes it again. With a language model configured (OPENAI_BASE_URL or ' +
          "OPENAI_API_KEY) the analysis is the model's (`source: 'ai'`) and `usage` gives the user's tokens this " +
          'month; over the budget the built-in analysis answers. 502 when the model fails. ' +
          `At most ${CHARACTER_ANALYSIS_MAX_IDS} ids. 403 on a plan without characters:analysis; 404 for an ` +
          'unknown project or character.',
        params: z.object({ id: z.string() }),
        body: characterAnalysisRequest,
        response: {
          200: apiSuccess(z.array(characterAnalysisDetail)).extend({ usage: tokenUsage.optional() }),
          403: apiError.describe('The plan has no characters:analysis'),
          502: apiError.describe(
            'The language model failed (unreachable, refused, timed out, or answered off the schema twice)',
          ),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (req, reply) => {
      // The caller left (tab closed, another project opened): stop asking the model.
      const left = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) left.abort();
      });
      const { analyses: data, usage } = await analyses.analyse(callerOf(req), req.params.id, req.body.characterIds, {
        refresh: req.body.refresh ?? false,
        signal: left.signal,
      });
      return { ...ok(data), ...(usage ? { usage } : {}) };
    },
  );
}
