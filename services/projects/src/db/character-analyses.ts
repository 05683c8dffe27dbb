// character_analyses: the stored analysis of each character of a project (issue 18). The only place
// its SQL lives.
import type { CharacterAnalysisDetail } from '@castbook/contracts';
import type { Queryable } from '@castbook/platform';

export interface StoredAnalysis {
  characterId: string;
  source: CharacterAnalysisDetail['source'];
  inputHash: string;
  analysis: CharacterAnalysisDetail;
}

export async function findAnalyses(db: Queryable, projectId: string): Promise<Map<string, StoredAnalysis>> {
  const { rows } = await db.query<{
    character_id: string;
    source: StoredAnalysis['source'];
    input_hash: string;
    analysis: CharacterAnalysisDetail;
  }>('SELECT character_id, source, input_hash, analysis FROM character_analyses WHERE project_id = $1', [projectId]);
  return new Map(
    rows.map((r) => [
      r.character_id,
      { characterId: r.character_id, source: r.source, inputHash: r.input_hash, analysis: r.analysis },
    ]),
  );
}

export async function saveAnalysis(db: Queryable, projectId: string, stored: StoredAnalysis): Promise<void> {
  await db.query(
    `INSERT INTO character_analyses (project_id, character_id, source, input_hash, analysis)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (project_id, character_id) DO UPDATE
       SET source = EXCLUDED.source, input_hash = EXCLUDED.input_hash, analysis = EXCLUDED.analysis, updated_at = now()`,
    [projectId, stored.characterId, stored.source, stored.inputHash, JSON.stringify(stored.analysis)],
  );
}

/** Removes the analyses of characters the project no longer has. */
export async function dropAnalysesExcept(db: Queryable, projectId: string, characterIds: string[]): Promise<void> {
  await db.query('DELETE FROM character_analyses WHERE project_id = $1 AND NOT (character_id = ANY($2::text[]))', [
    projectId,
    characterIds,
  ]);
}
