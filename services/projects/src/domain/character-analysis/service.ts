// Character analysis use case (POST /api/projects/{id}/character-analysis, issue 18): a Pro feature
// (`characters:analysis`, checked here), answered per character asked, stored with the project and
// kept while the character exists.
import { createHash } from 'node:crypto';
import { FEATURES, type CharacterAnalysisDetail, type TokenUsage } from '@castbook/contracts';
import { HttpError, type Database } from '@castbook/platform';
import { dropAnalysesExcept, findAnalyses, saveAnalysis } from '../../db/character-analyses.js';
import type { Caller, Projects } from '../project-service.js';
import { checkFeature, type ProjectRecord } from '../projects.js';
import type { AiAnalyst } from './ai.js';
import { builtInAnalysis } from './builtin.js';
import { LlmError } from './llm.js';

/** Bump when the built-in analysis changes what it computes: stored ones are then computed again. */
const BUILT_IN_VERSION = 3;

export const ANALYSIS_MESSAGES = {
  characterNotFound: (id: string) => `Character not found: ${id}`,
} as const;

/**
 * What an analysis of the project is computed from: how (`mode`: built-in, or the model), its text
 * version, outline, cast and who says what where. Equal hashes, equal built-in analyses.
 */
export function inputHash(project: ProjectRecord, mode: string): string {
  const h = createHash('sha256');
  h.update(`${mode}:${BUILT_IN_VERSION}:${project.contentVersion}\n`);
  h.update(JSON.stringify(project.outline));
  h.update(JSON.stringify(project.characters.map((c) => [c.id, c.name, c.alternativeNames])));
  for (const q of project.quotes) h.update(`${q.startOffset}:${q.endOffset}:${q.speakerId ?? ''};`);
  return h.digest('hex');
}

export class CharacterAnalyses {
  constructor(
    private readonly db: Database,
    private readonly projects: Projects,
    /** The language model's analysis, when a provider is configured; built-in only otherwise. */
    private readonly ai?: AiAnalyst,
  ) {}

  /**
   * The analyses of the characters asked, in the order asked, and the user's token usage when a model
   * is configured. Stored analyses are kept while their character exists: an AI one is answered as
   * stored (it was paid for) and a built-in one while the data it counted is unchanged; `refresh`
   * computes them again. Characters the project no longer has lose theirs. Over the monthly token
   * budget the built-in analysis answers. `signal`: the caller left, stop asking the model.
   */
  async analyse(
    caller: Caller,
    projectId: string,
    characterIds: string[],
    options: { refresh?: boolean; signal?: AbortSignal } = {},
  ): Promise<{ analyses: CharacterAnalysisDetail[]; usage?: TokenUsage }> {
    checkFeature(await this.projects.limits(caller), FEATURES.characterAnalysis);
    const project = await this.projects.get(caller.userId, projectId);
    const byId = new Map(project.characters.map((c) => [c.id, c]));
    const missing = characterIds.find((id) => !byId.has(id));
    if (missing !== undefined) throw new HttpError(404, ANALYSIS_MESSAGES.characterNotFound(missing));

    await dropAnalysesExcept(this.db.pool, project.id, [...byId.keys()]);
    const stored = await findAnalyses(this.db.pool, project.id);
    const builtInHash = inputHash(project, 'built-in');
    const hash = this.ai ? inputHash(project, `ai:${this.ai.model}`) : builtInHash;
    const due = [...new Set(characterIds)].filter((id) => {
      const s = stored.get(id);
      return options.refresh || !s || (s.source === 'built-in' && s.inputHash !== hash);
    });
    if (due.length > 0) {
      // The text is read only when something is computed.
      const { content } = await this.projects.withContent(caller.userId, project.id);
      const input = { text: content, outline: project.outline, characters: project.characters, quotes: project.quotes };
      for (const id of due) {
        const character = byId.get(id)!;
        const builtIn = builtInAnalysis(input, character);
        let analysis = builtIn;
        if (this.ai) {
          try {
            analysis =
              (await this.ai.analyse(
                caller.userId,
                { ...input, title: project.title },
                character,
                builtIn,
                options.signal,
              )) ?? builtIn;
          } catch (err) {
            if (err instanceof LlmError) throw new HttpError(502, err.message);
            throw err;
          }
        }
        // A built-in answer in place of the model's (budget used up) is computed again next time.
        const row = {
          characterId: id,
          source: analysis.source,
          inputHash: analysis === builtIn ? builtInHash : hash,
          analysis,
        };
        await saveAnalysis(this.db.pool, project.id, row);
        stored.set(id, row);
      }
    }
    return {
      analyses: characterIds.map((id) => stored.get(id)!.analysis),
      ...(this.ai ? { usage: await this.ai.usage(caller.userId) } : {}),
    };
  }
}
