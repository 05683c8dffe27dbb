// The speaker edits a character's menu and the outline's chapters offer (assign a chapter's lines,
// split lines off), given by the workspace through context so the components between need not pass
// them on. Without a provider (a read-only view) the menu and the outline leave those items out.
import { createContext, useContext } from 'react';
import type { Character } from '@castbook/contracts';

export interface SpeakerEditActions {
  /** From a character's menu (`from`), or from the outline's chapter (`from` null, `chapterId` set). */
  assignLines(from: Character | null, chapterId?: string): void;
  splitLines(from: Character): void;
}

export const SpeakerEditActionsContext = createContext<SpeakerEditActions | null>(null);

export const useSpeakerEditActions = () => useContext(SpeakerEditActionsContext);
