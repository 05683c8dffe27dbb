// "Assign all of X's lines in this chapter to Y" (issue 19). From a character's menu: pick the chapter
// (those where X speaks, with X's count); from the outline's chapter: pick whose lines (those who speak
// there, with their counts). Then the character the lines go to; the server counts them first (a dry
// run), so the button says how many move before anything does.
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import { assignChapterLines } from '../../../api/speaker-edits-api';
import { chapterAt, chaptersOf } from '../find/lines';
import type { RunCastEdit } from './run-cast-edit';

interface Props {
  projectId: string;
  /** Whose lines (a character's menu); null: chosen here among those speaking in `chapterId`. */
  from: Character | null;
  characters: Character[];
  outline: OutlineItem[];
  quotes: Quote[];
  /** A chapter to start with (the outline's chapter menu), else the one where X speaks most. */
  chapterId?: string;
  onClose(): void;
  run: RunCastEdit;
}

const linesText = (n: number) => (n === 1 ? '1 line' : `${n} lines`);

/** The applied answer carries the cast (only a dry run leaves it out). */
const castOf = (r: Awaited<ReturnType<typeof assignChapterLines>>) => ({
  characters: r.characters!,
  quotes: r.quotes!,
});

export function AssignChapterDialog({
  projectId,
  from: given,
  characters,
  outline,
  quotes,
  chapterId,
  onClose,
  run,
}: Props) {
  const all = useMemo(() => chaptersOf(outline), [outline]);
  const [fromId, setFromId] = useState(given?.id ?? '');
  const from = characters.find((c) => c.id === fromId);
  // Chapters where X speaks, with X's count in each, in reading order.
  const chapters = useMemo(() => {
    const counts = new Map<string, number>();
    for (const q of quotes) {
      if (q.speakerId !== fromId) continue;
      const c = chapterAt(all, q.startOffset);
      if (c) counts.set(c.id, (counts.get(c.id) ?? 0) + 1);
    }
    return all.flatMap((c) => (counts.has(c.id) ? [{ ...c, lines: counts.get(c.id)! }] : []));
  }, [all, quotes, fromId]);
  // From the outline: who speaks in that chapter, most lines first.
  const speakers = useMemo(() => {
    const chapter = all.find((c) => c.id === chapterId);
    if (given || !chapter) return [];
    const counts = new Map<string, number>();
    for (const q of quotes)
      if (q.speakerId && q.startOffset >= chapter.startOffset && q.startOffset < chapter.endOffset)
        counts.set(q.speakerId, (counts.get(q.speakerId) ?? 0) + 1);
    return characters
      .flatMap((c) => (counts.has(c.id) ? [{ character: c, lines: counts.get(c.id)! }] : []))
      .sort((a, b) => b.lines - a.lines || a.character.name.localeCompare(b.character.name));
  }, [all, chapterId, given, quotes, characters]);
  const others = characters.filter((c) => c.id !== fromId).sort((a, b) => a.name.localeCompare(b.name));
  const [chosenChapter, setChapter] = useState('');
  // The chapter asked for, else the one chosen here, else where X speaks most.
  const chapter = chapterId ?? (chosenChapter || ([...chapters].sort((a, b) => b.lines - a.lines)[0]?.id ?? ''));
  const [toId, setToId] = useState('');
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const to = others.find((c) => c.id === toId);
  const chapterTitle = all.find((c) => c.id === chapter)?.title ?? '';

  // The server's count for the chosen pair (what "Assign" will move), asked again on each change.
  useEffect(() => {
    if (!chapter || !toId || !fromId) return;
    const abort = new AbortController();
    setCount(null);
    setError(null);
    assignChapterLines(projectId, fromId, { toId, chapterId: chapter, dryRun: true }, abort.signal).then(
      (r) => setCount(r.moved),
      (err: unknown) => !abort.signal.aborted && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => abort.abort();
  }, [projectId, fromId, chapter, toId]);

  const submit = async () => {
    if (!from || !to || !count) return;
    setBusy(true);
    const ok = await run(
      `Assign ${from.name}'s lines to ${to.name}`,
      () => assignChapterLines(projectId, from.id, { toId: to.id, chapterId: chapter }).then(castOf),
      { done: `${linesText(count)} of ${from.name} in ${chapterTitle} are now ${to.name}’s` },
    );
    if (ok) onClose();
    else setBusy(false);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="assign-title">
      <DialogTitle id="assign-title">
        {given ? `Assign ${given.name}’s lines in a chapter` : `Assign lines in ${chapterTitle}`}
      </DialogTitle>
      <DialogContent>
        {given && chapters.length === 0 ? (
          <DialogContentText>{given.name} has no lines inside a chapter of the outline.</DialogContentText>
        ) : !given && speakers.length === 0 ? (
          <DialogContentText>No one has a line in {chapterTitle}.</DialogContentText>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {given ? (
              <TextField select label="Chapter" value={chapter} onChange={(e) => setChapter(e.target.value)} fullWidth>
                {chapters.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.title} ({linesText(c.lines)})
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                select
                label="Whose lines"
                value={fromId}
                onChange={(e) => {
                  setFromId(e.target.value);
                  if (e.target.value === toId) setToId('');
                }}
                fullWidth
              >
                {speakers.map(({ character, lines }) => (
                  <MenuItem key={character.id} value={character.id}>
                    {character.name} ({linesText(lines)})
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField select label="Give them to" value={toId} onChange={(e) => setToId(e.target.value)} fullWidth>
              {others.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            {from && to && count !== null && (
              <DialogContentText role="status">
                {count === 0
                  ? `${from.name} has no lines in ${chapterTitle}.`
                  : `${linesText(count)} of ${from.name} in ${chapterTitle} will be ${to.name}’s.`}
              </DialogContentText>
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || !from || !to || !count}>
          {count ? `Assign ${linesText(count)}` : 'Assign'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
