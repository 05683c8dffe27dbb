// The workspace's speaker edits over many lines (issue 19): the offer to spread a fix through its
// conversation, assigning a character's lines in a chapter, splitting lines off into a new
// character, and the casting breakdown chart. The workspace calls the actions and renders `dialogs`
// once; every edit goes through the workspace's undoable cast edit (`run`), so it can be undone.
import { useCallback, useState, type ReactNode } from 'react';
import type { Character } from '@castbook/contracts';
import type { ProjectDetail } from '../../../api/projects-api';
import { AssignChapterDialog } from './AssignChapterDialog';
import { BreakdownDialog } from './BreakdownDialog';
import { SplitLinesDialog } from './SplitLinesDialog';
import type { RunCastEdit } from './run-cast-edit';
import { SpreadOffer } from './SpreadOffer';

export function useSpeakerEdits(
  project: ProjectDetail,
  /** The workspace's undoable cast edit (edits.castEdit). */
  run: RunCastEdit,
): {
  offerSpread(quoteId: string): void;
  assignLines(from: Character | null, chapterId?: string): void;
  splitLines(from: Character): void;
  openBreakdown(): void;
  dialogs: ReactNode;
} {
  const [spreadQuote, setSpreadQuote] = useState<string | null>(null);
  const [assign, setAssign] = useState<{ from: Character | null; chapterId?: string } | null>(null);
  const [split, setSplit] = useState<Character | null>(null);
  const [breakdown, setBreakdown] = useState(false);

  const offerSpread = useCallback((quoteId: string) => setSpreadQuote(quoteId), []);
  const assignLines = useCallback((from: Character | null, chapterId?: string) => setAssign({ from, chapterId }), []);
  const splitLines = useCallback((from: Character) => setSplit(from), []);
  const openBreakdown = useCallback(() => setBreakdown(true), []);

  const dialogs = (
    <>
      <SpreadOffer
        projectId={project.id}
        quoteId={spreadQuote}
        characters={project.characters}
        onDismiss={() => setSpreadQuote(null)}
        run={run}
      />
      {assign && (
        <AssignChapterDialog
          projectId={project.id}
          from={assign.from}
          chapterId={assign.chapterId}
          characters={project.characters}
          outline={project.outline}
          quotes={project.quotes}
          onClose={() => setAssign(null)}
          run={run}
        />
      )}
      {split && (
        <SplitLinesDialog
          projectId={project.id}
          from={split}
          outline={project.outline}
          quotes={project.quotes}
          onClose={() => setSplit(null)}
          run={run}
        />
      )}
      {breakdown && <BreakdownDialog projectId={project.id} onClose={() => setBreakdown(false)} />}
    </>
  );
  return { offerSpread, assignLines, splitLines, openBreakdown, dialogs };
}
