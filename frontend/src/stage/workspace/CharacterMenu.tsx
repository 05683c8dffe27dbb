// A character card's menu (issue 19): "Merge into…" picks the character that stays (its names, lines,
// takes and notes move there) and "Delete character" asks before its lines become unattributed. The
// calls and the state update are the workspace's (onMerge, onDelete answer whether they succeeded).
// "Assign lines in a chapter…" and "Split lines off…" open the workspace's speaker-edit dialogs.
import { useMemo, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
  Tooltip,
} from '@mui/material';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { Character } from '@castbook/contracts';
import { useSpeakerEditActions } from './speaker-edits/actions-context';

interface Props {
  character: Character;
  characters: Character[];
  lines: number;
  onMerge(from: Character, into: Character): Promise<boolean>;
  onDelete(character: Character): Promise<boolean>;
}

const linesText = (n: number) => (n === 1 ? '1 line' : `${n} lines`);

export function CharacterMenu({ character, characters, lines, onMerge, onDelete }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'merge' | 'delete' | null>(null);
  // The merge targets are sorted only when the merge dialog opens: a sort by name per card, on every
  // render of a cast of hundreds, cost more than the rest of the Characters panel.
  const hasOthers = characters.some((c) => c.id !== character.id);
  const open = (which: 'merge' | 'delete') => {
    setAnchor(null);
    setDialog(which);
  };
  const menuId = `character-menu-${character.id}`;
  // Assigning a chapter's lines and splitting lines off (issue 19) are the workspace's dialogs.
  const speakerEdits = useSpeakerEditActions();
  const run = (action: (c: Character) => void) => {
    setAnchor(null);
    action(character);
  };
  return (
    <>
      <Tooltip title="More">
        <IconButton
          size="small"
          aria-label={`More actions for ${character.name}`}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => open('merge')} disabled={!hasOthers}>
          <ListItemIcon>
            <CallMergeIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Merge into…</ListItemText>
        </MenuItem>
        {speakerEdits && (
          <MenuItem onClick={() => run(speakerEdits.assignLines)} disabled={lines === 0 || !hasOthers}>
            <ListItemIcon>
              <SwapHorizIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Assign lines in a chapter…</ListItemText>
          </MenuItem>
        )}
        {speakerEdits && (
          <MenuItem onClick={() => run(speakerEdits.splitLines)} disabled={lines === 0}>
            <ListItemIcon>
              <CallSplitIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Split lines off…</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={() => open('delete')}>
          <ListItemIcon>
            <DeleteOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Delete character</ListItemText>
        </MenuItem>
      </Menu>
      {dialog === 'merge' && (
        <MergeDialog
          character={character}
          characters={characters}
          lines={lines}
          onClose={() => setDialog(null)}
          onMerge={(into) => onMerge(character, into)}
        />
      )}
      {dialog === 'delete' && (
        <DeleteDialog
          character={character}
          lines={lines}
          onClose={() => setDialog(null)}
          onDelete={() => onDelete(character)}
        />
      )}
    </>
  );
}

function MergeDialog({
  character,
  characters,
  lines,
  onClose,
  onMerge,
}: {
  character: Character;
  characters: Character[];
  lines: number;
  onClose(): void;
  onMerge(into: Character): Promise<boolean>;
}) {
  const [intoId, setIntoId] = useState('');
  const [busy, setBusy] = useState(false);
  const others = useMemo(
    () => characters.filter((c) => c.id !== character.id).sort((a, b) => a.name.localeCompare(b.name)),
    [characters, character.id],
  );
  const into = others.find((c) => c.id === intoId);
  const submit = async () => {
    if (!into) return;
    setBusy(true);
    const ok = await onMerge(into);
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="merge-title">
      <DialogTitle id="merge-title">Merge {character.name} into…</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {`${character.name}'s ${linesText(lines)}, names, voice takes and notes move to the character you pick, and ${character.name} is removed. A re-analysis keeps them together.`}
        </DialogContentText>
        <TextField
          select
          fullWidth
          autoFocus
          size="small"
          label="Merge into"
          value={intoId}
          onChange={(e) => setIntoId(e.target.value)}
        >
          {others.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || !into}>
          {into ? `Merge into ${into.name}` : 'Merge'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteDialog({
  character,
  lines,
  onClose,
  onDelete,
}: {
  character: Character;
  lines: number;
  onClose(): void;
  onDelete(): Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const takes = character.voiceTakes?.length ?? 0;
  const submit = async () => {
    setBusy(true);
    const ok = await onDelete();
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="delete-title">
      <DialogTitle id="delete-title">Delete {character.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {(lines === 0
            ? 'They speak no line.'
            : lines === 1
              ? 'Their line becomes unattributed.'
              : `Their ${lines} lines become unattributed.`) +
            (takes > 0 ? ` Their ${takes === 1 ? 'voice take is' : `${takes} voice takes are`} deleted.` : '') +
            ' A re-analysis will not bring them back.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => void submit()} disabled={busy}>
          Delete character
        </Button>
      </DialogActions>
    </Dialog>
  );
}
