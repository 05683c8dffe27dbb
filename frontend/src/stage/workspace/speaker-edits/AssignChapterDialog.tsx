// "Assign all of X's lines in this chapter to Y" (issue 19): pick the chapter (those where X speaks,
// with X's count) and the character the lines go to; the server counts them first (a dry run), so
// the button says how many move before anything does.
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
  from: Character;
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

export function AssignChapterDialog({ projectId, from, characters, outline, quotes, chapterId, onClose, run }: Props) {
  // Chapters where X speaks, with X's count in each, in reading order.
  const chapters = useMemo(() => {
    const all = chaptersOf(outline);
    const counts = new Map<string, number>();
    for (const q of quotes) {
      if (q.speakerId !== from.id) continue;
      const c = chapterAt(all, q.startOffset);
      if (c) counts.set(c.id, (counts.get(c.id) ?? 0) + 1);
    }
    return all.flatMap((c) => (counts.has(c.id) ? [{ ...c, lines: counts.get(c.id)! }] : []));
  }, [outline, quotes, from.id]);
  const others = characters.filter((c) => c.id !== from.id).sort((a, b) => a.name.localeCompare(b.name));
  const [chapter, setChapter] = useState(
    () => chapterId ?? [...chapters].sort((a, b) => b.lines - a.lines)[0]?.id ?? '',
  );
  const [toId, setToId] = useState('');
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const to = others.find((c) => c.id === toId);
  const chapterTitle = chapters.find((c) => c.id === chapter)?.title ?? '';

  // The server's count for the chosen pair (what "Assign" will move), asked again on each change.
  useEffect(() => {
    if (!chapter || !toId) return;
    const abort = new AbortController();
    setCount(null);
    setError(null);
    assignChapterLines(projectId, from.id, { toId, chapterId: chapter, dryRun: true }, abort.signal).then(
      (r) => setCount(r.moved),
      (err: unknown) => !abort.signal.aborted && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => abort.abort();
  }, [projectId, from.id, chapter, toId]);

  const submit = async () => {
    if (!to || !count) return;
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
      <DialogTitle id="assign-title">Assign {from.name}&rsquo;s lines in a chapter</DialogTitle>
      <DialogContent>
        {chapters.length === 0 ? (
          <DialogContentText>{from.name} has no lines inside a chapter of the outline.</DialogContentText>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select label="Chapter" value={chapter} onChange={(e) => setChapter(e.target.value)} fullWidth>
              {chapters.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.title} ({linesText(c.lines)})
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Give them to" value={toId} onChange={(e) => setToId(e.target.value)} fullWidth>
              {others.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            {to && count !== null && (
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
        <Button variant="contained" onClick={() => void submit()} disabled={busy || !to || !count}>
          {count ? `Assign ${linesText(count)}` : 'Assign'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
