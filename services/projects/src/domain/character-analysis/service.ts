// Character analysis use case (POST /api/projects/{id}/character-analysis, issue 18): a Pro feature
// (`characters:analysis`, checked here), answered per character asked, stored with the project and
// kept while the character exists.
import { createHash } from 'node:crypto';
import { FEATURES, type CharacterAnalysisDetail } from '@castbook/contracts';
import { HttpError, type Database } from '@castbook/platform';
import { dropAnalysesExcept, findAnalyses, saveAnalysis } from '../../db/character-analyses.js';
import type { Caller, Projects } from '../project-service.js';
import { checkFeature, type ProjectRecord } from '../projects.js';
import { builtInAnalysis } from './builtin.js';

/** Bump when the built-in analysis changes what it computes: stored ones are then computed again. */
const BUILT_IN_VERSION = 1;

export const ANALYSIS_MESSAGES = {
  characterNotFound: (id: string) => `Character not found: ${id}`,
} as const;

/**
 * What an analysis of the project is computed from: its text version, outline, cast and who says
 * what where. Equal hashes, equal built-in analyses.
 */
export function inputHash(project: ProjectRecord): string {
  const h = createHash('sha256');
  h.update(`built-in:${BUILT_IN_VERSION}:${project.contentVersion}\n`);
  h.update(JSON.stringify(project.outline));
  h.update(JSON.stringify(project.characters.map((c) => [c.id, c.name, c.alternativeNames])));
  for (const q of project.quotes) h.update(`${q.startOffset}:${q.endOffset}:${q.speakerId ?? ''};`);
  return h.digest('hex');
}

export class CharacterAnalyses {
  constructor(
    private readonly db: Database,
    private readonly projects: Projects,
  ) {}

  /**
   * The analyses of the characters asked, in the order asked. A stored analysis of the same data is
   * answered as stored; `refresh` computes it again. Characters the project no longer has lose theirs.
   */
  async analyse(
    caller: Caller,
    projectId: string,
    characterIds: string[],
    refresh = false,
  ): Promise<CharacterAnalysisDetail[]> {
    checkFeature(await this.projects.limits(caller), FEATURES.characterAnalysis);
    const project = await this.projects.get(caller.userId, projectId);
    const byId = new Map(project.characters.map((c) => [c.id, c]));
    const missing = characterIds.find((id) => !byId.has(id));
    if (missing !== undefined) throw new HttpError(404, ANALYSIS_MESSAGES.characterNotFound(missing));

    await dropAnalysesExcept(this.db.pool, project.id, [...byId.keys()]);
    const stored = await findAnalyses(this.db.pool, project.id);
    const hash = inputHash(project);
    const due = [...new Set(characterIds)].filter((id) => refresh || stored.get(id)?.inputHash !== hash);
    if (due.length > 0) {
      // The text is read only when something is computed.
      const { content } = await this.projects.withContent(caller.userId, project.id);
      const input = { text: content, outline: project.outline, characters: project.characters, quotes: project.quotes };
      for (const id of due) {
        const analysis = builtInAnalysis(input, byId.get(id)!);
        const row = { characterId: id, source: analysis.source, inputHash: hash, analysis };
        await saveAnalysis(this.db.pool, project.id, row);
        stored.set(id, row);
      }
    }
    return characterIds.map((id) => stored.get(id)!.analysis);
  }
}
