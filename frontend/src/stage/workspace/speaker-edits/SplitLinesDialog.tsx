// Split lines off into a new character (issue 19): the engine gave one name to two people (two
// "gentlemen", a father and son). The user ticks the lines that are someone else's, names them, and
// those lines move to the new character (the user's own: re-analysis keeps it and them).
import { useMemo, useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListSubheader,
  TextField,
} from '@mui/material';
import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import { splitLines } from '../../../api/speaker-edits-api';
import { randomHexColor } from '../colors';
import { chapterAt, chaptersOf } from '../find/lines';
import type { RunCastEdit } from './run-cast-edit';

interface Props {
  projectId: string;
  from: Character;
  outline: OutlineItem[];
  quotes: Quote[];
  onClose(): void;
  run: RunCastEdit;
}

const EXCERPT = 140;
const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
};

export function SplitLinesDialog({ projectId, from, outline, quotes, onClose, run }: Props) {
  // The character's lines in reading order, grouped under their chapter's title.
  const groups = useMemo(() => {
    const chapters = chaptersOf(outline);
    const out: { title: string; lines: Quote[] }[] = [];
    const mine = quotes.filter((q) => q.speakerId === from.id).sort((a, b) => a.startOffset - b.startOffset);
    for (const q of mine) {
      const title = chapterAt(chapters, q.startOffset)?.title ?? 'Outside the chapters';
      if (out.at(-1)?.title !== title) out.push({ title, lines: [] });
      out.at(-1)!.lines.push(q);
    }
    return out;
  }, [outline, quotes, from.id]);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const submit = async () => {
    setBusy(true);
    const newName = name.trim();
    const quoteIds = [...chosen];
    // One colour for the new character, kept if the edit is redone.
    const color = randomHexColor();
    const moved = quoteIds.length === 1 ? '1 line' : `${quoteIds.length} lines`;
    const ok = await run(
      `Split lines off ${from.name}`,
      () => splitLines(projectId, from.id, { name: newName, color, quoteIds }),
      { done: `${moved} moved to ${newName}` },
    );
    if (ok) onClose();
    else setBusy(false);
  };

  const n = chosen.size;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="split-title">
      <DialogTitle id="split-title">Split lines off {from.name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Tick the lines someone else says and name that character: the lines move to them.
        </DialogContentText>
        <TextField
          label="New character's name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ mb: 1 }}
        />
        <List dense aria-label={`${from.name}'s lines`} sx={{ maxHeight: 360, overflow: 'auto' }}>
          {groups.map((g, k) => (
            <li key={`${g.title}-${k}`}>
              <ul style={{ padding: 0 }}>
                <ListSubheader sx={{ lineHeight: '32px' }}>{g.title}</ListSubheader>
                {g.lines.map((q) => (
                  <ListItem key={q.id} dense disableGutters>
                    {/* A labelled checkbox, not a button holding one: one control per line. */}
                    <FormControlLabel
                      control={<Checkbox size="small" checked={chosen.has(q.id)} onChange={() => toggle(q.id)} />}
                      label={`“${excerpt(q.text)}”`}
                      sx={{ mx: 0, alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.25 } }}
                      slotProps={{ typography: { variant: 'body2', sx: { pt: 0.5 } } }}
                    />
                  </ListItem>
                ))}
              </ul>
            </li>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || n === 0 || !name.trim()}>
          {n === 0 ? 'Split' : `Move ${n === 1 ? '1 line' : `${n} lines`}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
