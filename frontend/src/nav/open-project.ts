// The project open in the workspace, as the command palette sees it (issue 19): its characters and
// chapters, and what choosing one does there. The workspace publishes it while it is mounted; the
// palette (in the stage header, outside the workspace's tree) reads it.
import { useSyncExternalStore } from 'react';

export interface OpenProject {
  projectId: string;
  title: string;
  /** By line count, most first. */
  characters: { id: string; name: string; alternativeNames: string[]; lines: number }[];
  /** In reading order. */
  chapters: { id: string; title: string }[];
  /** Scrolls the workspace's text to the chapter. */
  showChapter(id: string): void;
  /** Filters the workspace's text to the character's lines. */
  showCharacter(id: string): void;
}

let current: OpenProject | null = null;
const listeners = new Set<() => void>();

/** Publishes `project` until the returned function is called (the workspace unmounting). */
export function publishOpenProject(project: OpenProject): () => void {
  current = project;
  listeners.forEach((l) => l());
  return () => {
    if (current !== project) return;
    current = null;
    listeners.forEach((l) => l());
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useOpenProject(): OpenProject | null {
  return useSyncExternalStore(subscribe, () => current);
}
