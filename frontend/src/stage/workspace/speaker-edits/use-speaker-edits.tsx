// The workspace's speaker edits over many lines (issue 19): the offer to spread a fix through its
// conversation, assigning a character's lines in a chapter, splitting lines off into a new
// character, and the casting breakdown chart. The workspace calls the actions and renders `dialogs`
// once; each answered cast (characters and quotes as saved) goes into the project's cache.
import { useCallback, useState, type ReactNode } from 'react';
import type { Character } from '@castbook/contracts';
import type { ProjectDetail } from '../../../api/projects-api';
import type { Cast } from '../../../api/cast-api';
import { succeeded } from '../workspace-toast';
import { AssignChapterDialog } from './AssignChapterDialog';
import { BreakdownDialog } from './BreakdownDialog';
import { SplitLinesDialog } from './SplitLinesDialog';
import { SpreadOffer } from './SpreadOffer';

const linesText = (n: number) => (n === 1 ? '1 line' : `${n} lines`);

export function useSpeakerEdits(
  project: ProjectDetail,
  /** Puts the answered cast into the project's cache (the workspace's patchLocal). */
  applyCast: (cast: Cast) => unknown,
): {
  offerSpread(quoteId: string): void;
  assignLines(from: Character, chapterId?: string): void;
  splitLines(from: Character): void;
  openBreakdown(): void;
  dialogs: ReactNode;
} {
  const [spreadQuote, setSpreadQuote] = useState<string | null>(null);
  const [assign, setAssign] = useState<{ from: Character; chapterId?: string } | null>(null);
  const [split, setSplit] = useState<Character | null>(null);
  const [breakdown, setBreakdown] = useState(false);

  const offerSpread = useCallback((quoteId: string) => setSpreadQuote(quoteId), []);
  const assignLines = useCallback((from: Character, chapterId?: string) => setAssign({ from, chapterId }), []);
  const splitLines = useCallback((from: Character) => setSplit(from), []);
  const openBreakdown = useCallback(() => setBreakdown(true), []);

  const dialogs = (
    <>
      <SpreadOffer
        projectId={project.id}
        quoteId={spreadQuote}
        characters={project.characters}
        onDismiss={() => setSpreadQuote(null)}
        onApplied={(cast, changed) => {
          applyCast(cast);
          succeeded('Conversation re-decided', `${changed === 1 ? '1 quote' : `${changed} quotes`} updated`);
        }}
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
          onApplied={(cast, moved, to) => {
            applyCast(cast);
            succeeded('Lines assigned', `${linesText(moved)} of ${assign.from.name} are now ${to.name}’s`);
          }}
        />
      )}
      {split && (
        <SplitLinesDialog
          projectId={project.id}
          from={split}
          outline={project.outline}
          quotes={project.quotes}
          onClose={() => setSplit(null)}
          onApplied={(cast, created, moved) => {
            applyCast(cast);
            succeeded('Lines split off', `${linesText(moved)} moved to ${created.name}`);
          }}
        />
      )}
      {breakdown && <BreakdownDialog projectId={project.id} onClose={() => setBreakdown(false)} />}
    </>
  );
  return { offerSpread, assignLines, splitLines, openBreakdown, dialogs };
}
