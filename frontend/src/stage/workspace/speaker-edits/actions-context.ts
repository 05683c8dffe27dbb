// The speaker edits a character's menu offers (assign a chapter's lines, split lines off), given by
// the workspace through context so the cards between it and the menu need not pass them on. Without
// a provider (a read-only view) the menu leaves those items out.
import { createContext, useContext } from 'react';
import type { Character } from '@castbook/contracts';

export interface SpeakerEditActions {
  assignLines(from: Character, chapterId?: string): void;
  splitLines(from: Character): void;
}

export const SpeakerEditActionsContext = createContext<SpeakerEditActions | null>(null);

export const useSpeakerEditActions = () => useContext(SpeakerEditActionsContext);
