// The Characters panel (SPEC §2, §4): a card per character with its colour, mentions and lines; view
// or edit name and summary (Save applies, Cancel reverts), colour saved at once, collapsible
// summaries with a collapse-all toggle, add a character; each card's menu merges it into another or
// deletes it (CharacterMenu). Clicking a character's name filters the text to its lines (issue 19).
import { memo, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  ButtonBase,
  Card,
  Collapse,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { hasRealSummary, type AnalysisStatus, type Character } from '@castbook/contracts';
import { VoiceLineupButton } from './voice/VoiceLineup';
import { VoiceSection } from './voice/VoiceSection';
import { CharacterAnalysisSection } from './CharacterAnalysisSection';
import { CharacterMenu } from './CharacterMenu';
import { useIsFiltered, type FindStore } from './find/find-store';
import { useProgressiveCount } from './use-progressive-count';

interface Props {
  characters: Character[];
  lineCounts: Map<string, number>;
  analysisStatus: AnalysisStatus;
  onSave(character: Character): Promise<boolean>;
  onDelete(character: Character): Promise<boolean>;
  /** Merges `from` into `into` (issue 19): its names, lines, takes and notes move there. */
  onMerge(from: Character, into: Character): Promise<boolean>;
  onAdd(name: string): Promise<boolean>;
  /** A read-only project (over the plan's limit): characters can be read, not changed. */
  readOnly?: boolean;
  /** The filter to a character's lines (find/): a name's click sets it. */
  findStore?: FindStore;
}

export const CharactersPanel = memo(function CharactersPanel({
  characters,
  lineCounts,
  analysisStatus,
  onSave,
  onDelete,
  onMerge,
  onAdd,
  readOnly = false,
  findStore,
}: Props) {
  // Summaries start collapsed; the set holds the open ones.
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [adding, setAdding] = useState(false);
  const withSummary = useMemo(() => characters.filter(hasRealSummary), [characters]);
  const allOpen = withSummary.length > 0 && withSummary.every((c) => open.has(c.id));
  const sorted = useMemo(
    () =>
      [...characters].sort(
        (a, b) => (lineCounts.get(b.id) ?? 0) - (lineCounts.get(a.id) ?? 0) || b.mentions - a.mentions,
      ),
    [characters, lineCounts],
  );
  const shown = useProgressiveCount(sorted.length);
  // One function for every card (a card is memoised: a new closure each would render them all again).
  const toggleSummary = useCallback(
    (id: string) =>
      setOpen((old) => {
        const next = new Set(old);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  return (
    <Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', px: 1.5, pb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {characters.length === 1 ? '1 character' : `${characters.length} characters`}
        </Typography>
        {withSummary.length > 0 && (
          <Tooltip title={allOpen ? 'Collapse all summaries' : 'Expand all summaries'}>
            <IconButton
              size="small"
              aria-label={allOpen ? 'Collapse all summaries' : 'Expand all summaries'}
              onClick={() => setOpen(allOpen ? new Set() : new Set(withSummary.map((c) => c.id)))}
            >
              {allOpen ? <UnfoldLessIcon fontSize="small" /> : <UnfoldMoreIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        )}
        <VoiceLineupButton characters={characters} lineCounts={lineCounts} />
        <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)} disabled={adding || readOnly}>
          Add
        </Button>
      </Stack>
      {adding && !readOnly && (
        <AddCharacter onCancel={() => setAdding(false)} onAdd={onAdd} onDone={() => setAdding(false)} />
      )}
      {characters.length === 0 && !adding && <NotAnalysed status={analysisStatus} readOnly={readOnly} />}
      <Stack spacing={1} sx={{ px: 1.5, pb: 2 }} component="ul" aria-label="Characters" style={{ margin: 0 }}>
        {sorted.slice(0, shown).map((c) => (
          <CharacterCard
            key={c.id}
            character={c}
            lines={lineCounts.get(c.id) ?? 0}
            summaryOpen={open.has(c.id)}
            onToggleSummary={toggleSummary}
            characters={characters}
            onSave={onSave}
            onDelete={onDelete}
            onMerge={onMerge}
            readOnly={readOnly}
            findStore={findStore}
          />
        ))}
      </Stack>
    </Box>
  );
});

function NotAnalysed({ status, readOnly }: { status: AnalysisStatus; readOnly: boolean }) {
  const text = readOnly
    ? 'No characters yet. This project is read-only, so it cannot be analysed or given characters until you upgrade.'
    : status === 'in_progress'
      ? 'The analysis is finding the characters. They appear here when it finishes.'
      : status === 'failed'
        ? 'The last analysis failed, so no characters were found. Retry the analysis, or add characters by hand.'
        : status === 'completed'
          ? 'The analysis found no characters. You can add them by hand.'
          : 'Not analysed yet. Run Analyze to find the characters and who speaks each line, or add characters by hand.';
  return (
    <Box
      data-testid="characters-empty"
      sx={{
        mx: 1.5,
        mb: 1.5,
        p: 2,
        border: '1px dashed',
        borderColor: 'divider',
        borderRadius: 2,
        color: 'text.secondary',
        fontSize: 14,
      }}
    >
      {text}
    </Box>
  );
}

function AddCharacter({
  onAdd,
  onCancel,
  onDone,
}: {
  onAdd(name: string): Promise<boolean>;
  onCancel(): void;
  onDone(): void;
}) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    const ok = await onAdd(name.trim());
    setBusy(false);
    if (ok) onDone();
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ px: 1.5, pb: 1.5 }} aria-label="Add character">
      <TextField
        size="small"
        autoFocus
        label="New character name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="small" type="submit" variant="contained" disabled={busy || !name.trim()}>
          Add character
        </Button>
      </Stack>
    </Box>
  );
}

const CharacterCard = memo(function CharacterCard({
  character,
  characters,
  lines,
  summaryOpen,
  onToggleSummary,
  onSave,
  onDelete,
  onMerge,
  readOnly,
  findStore,
}: {
  character: Character;
  /** The whole cast: the targets "Merge into…" offers. */
  characters: Character[];
  lines: number;
  summaryOpen: boolean;
  onToggleSummary(id: string): void;
  onSave(character: Character): Promise<boolean>;
  onDelete(character: Character): Promise<boolean>;
  onMerge(from: Character, into: Character): Promise<boolean>;
  readOnly: boolean;
  findStore: FindStore | undefined;
}) {
  const shown = useIsFiltered(findStore, character.id);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(character.name);
  const [summary, setSummary] = useState(character.summary);
  const [color, setColor] = useState(character.color);
  const [busy, setBusy] = useState(false);
  const colorTimer = useRef<number | undefined>(undefined);
  const real = hasRealSummary(character);

  useEffect(() => setColor(character.color), [character.color]);
  useEffect(() => () => window.clearTimeout(colorTimer.current), []);

  const startEdit = () => {
    setName(character.name);
    setSummary(real ? character.summary : '');
    setEditing(true);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    const ok = await onSave({ ...character, name: name.trim(), summary: summary.trim() });
    setBusy(false);
    if (ok) setEditing(false);
  };
  // The picker reports every move; the colour is saved once it rests.
  const pickColor = (value: string) => {
    setColor(value);
    window.clearTimeout(colorTimer.current);
    colorTimer.current = window.setTimeout(() => {
      if (value.toLowerCase() !== character.color.toLowerCase()) void onSave({ ...character, color: value });
    }, 350);
  };

  return (
    <Card component="li" data-testid="character-card" aria-label={character.name} sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
        <Tooltip title={readOnly ? 'Colour' : 'Colour (saved at once)'}>
          <Box
            component="label"
            sx={{
              width: 22,
              height: 22,
              borderRadius: '50%',
              bgcolor: color,
              flexShrink: 0,
              cursor: readOnly ? 'default' : 'pointer',
              position: 'relative',
              boxShadow: (t) => `0 0 0 2px ${t.palette.background.paper}, 0 0 0 3px ${t.palette.divider}`,
              '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 3 },
            }}
          >
            <input
              type="color"
              value={color}
              disabled={readOnly}
              aria-label={`Colour of ${character.name}`}
              onChange={(e) => pickColor(e.target.value)}
              style={{ opacity: 0, position: 'absolute', inset: 0, width: '100%', height: '100%', cursor: 'pointer' }}
            />
          </Box>
        </Tooltip>
        {/* The name and counts: a click shows the character's lines, a second click the whole text. */}
        {/* Its pressed look is a rule of the same class and it has no ripple: the click that filters
            inserts no new CSS, which would restyle the whole page first (~60 ms on a big cast). */}
        <ButtonBase
          disabled={!findStore}
          disableRipple
          aria-pressed={findStore ? shown : undefined}
          aria-label={`Show lines of ${character.name}`}
          data-testid="show-lines"
          onClick={() => findStore?.setFilter(shown ? null : character.id)}
          sx={{
            minWidth: 0,
            flexGrow: 1,
            display: 'block',
            textAlign: 'left',
            borderRadius: 1,
            px: 0.5,
            mx: -0.5,
            bgcolor: 'transparent',
            // Before the hover rule (same specificity), so hovering a pressed name looks as it did.
            '&[aria-pressed="true"]': { bgcolor: 'action.selected' },
            // The counts stay readable on the pressed shade (text.secondary on it is under 4.5:1 in
            // the dark theme; a ripple's overlay used to hide that from axe).
            '&[aria-pressed="true"] .MuiTypography-caption': { color: 'text.primary' },
            '&:hover': { bgcolor: 'action.hover' },
            '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          <Typography
            component="span"
            sx={{ display: 'block', fontWeight: 650, fontSize: 15 }}
            noWrap
            title={character.name}
          >
            {character.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {lines === 1 ? '1 line' : `${lines} lines`} ·{' '}
            {character.mentions === 1 ? '1 mention' : `${character.mentions} mentions`}
            {character.isUserCreated ? ' · added by you' : ''}
          </Typography>
        </ButtonBase>
        {!editing && !readOnly && (
          <Tooltip title="Edit">
            <IconButton size="small" aria-label={`Edit ${character.name}`} onClick={startEdit}>
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {!editing && !readOnly && (
          <CharacterMenu
            character={character}
            characters={characters}
            lines={lines}
            onMerge={onMerge}
            onDelete={onDelete}
          />
        )}
      </Stack>
      {editing && !readOnly ? (
        <Box component="form" onSubmit={save} sx={{ mt: 1.5 }} aria-label={`Edit ${character.name}`}>
          <TextField
            size="small"
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!name.trim()}
            helperText={!name.trim() ? 'Name is required' : undefined}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            sx={{ mb: 1.5 }}
          />
          <TextField
            size="small"
            label="Summary"
            value={summary}
            onChange={(e) => setSummary(e.target.value)}
            multiline
            minRows={2}
            maxRows={8}
            slotProps={{ htmlInput: { maxLength: 10_000 } }}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
            <Button size="small" onClick={() => setEditing(false)} disabled={busy}>
              Cancel
            </Button>
            <Button size="small" type="submit" variant="contained" disabled={busy || !name.trim()}>
              Save
            </Button>
          </Stack>
        </Box>
      ) : real ? (
        <>
          <Button
            size="small"
            onClick={() => onToggleSummary(character.id)}
            aria-expanded={summaryOpen}
            endIcon={
              <ExpandMoreIcon
                sx={{ transform: summaryOpen ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
              />
            }
            sx={{ mt: 0.5, px: 0.5, minWidth: 0, color: 'text.secondary', fontWeight: 550 }}
          >
            Summary
          </Button>
          <Collapse in={summaryOpen} unmountOnExit>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', pt: 0.5 }}>
              {character.summary}
            </Typography>
          </Collapse>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, fontStyle: 'italic' }}>
          No summary yet
        </Typography>
      )}
      <VoiceSection character={character} />
      <CharacterAnalysisSection character={character} />
    </Card>
  );
});
