// Publishes the workspace's project to the command palette (nav/open-project) while it is open: its
// characters by line count and its chapters, with what choosing one does here.
import { useEffect, useMemo, useRef } from 'react';
import type { Character } from '@castbook/contracts';
import { publishOpenProject } from '../../../nav/open-project';
import type { Chapter } from './lines';

interface Args {
  projectId: string;
  title: string;
  characters: Character[];
  lineCounts: Map<string, number>;
  chapters: Chapter[];
  showChapter(chapter: Chapter): void;
  showCharacter(id: string): void;
}

export function usePublishOpenProject({ projectId, title, characters, lineCounts, chapters, ...actions }: Args) {
  // The actions change with every render; the published entry calls the latest ones.
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  const cast = useMemo(
    () =>
      characters
        .map((c) => ({
          id: c.id,
          name: c.name,
          alternativeNames: c.alternativeNames,
          lines: lineCounts.get(c.id) ?? 0,
        }))
        .sort((a, b) => b.lines - a.lines),
    [characters, lineCounts],
  );
  useEffect(
    () =>
      publishOpenProject({
        projectId,
        title,
        characters: cast,
        chapters: chapters.map((c) => ({ id: c.id, title: c.title })),
        showChapter: (id) => {
          const chapter = chapters.find((c) => c.id === id);
          if (chapter) latest.current.showChapter(chapter);
        },
        showCharacter: (id) => latest.current.showCharacter(id),
      }),
    [projectId, title, cast, chapters],
  );
}
