// The "Voice" part of a character card, folded by default so cards stay compact: the recorder (or the
// Pro panel), the takes and the voice notes. Laid out side by side when the card is wide enough.
import { useCallback, useMemo, useRef, useState } from 'react';
import { Box, Button, Collapse, Divider, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RecordVoiceOverOutlinedIcon from '@mui/icons-material/RecordVoiceOverOutlined';
import type { Character } from '@castbook/contracts';
import { ProFeaturePanel } from './ProFeaturePanel';
import { TakesList } from './TakesList';
import { useVoiceEnv } from './voice-context';
import { chosenTake, linesToRead } from './voice-data';
import { VoiceNotesForm } from './VoiceNotesForm';
import { VoiceRecorder } from './VoiceRecorder';

export function VoiceSection({ character }: { character: Character }) {
  const env = useVoiceEnv();
  const [open, setOpen] = useState(false);
  const takes = character.voiceTakes?.length ?? 0;
  const voice = chosenTake(character);
  const quotes = env?.quotes;
  const lines = useMemo(() => (open && quotes ? linesToRead(quotes, character.id) : []), [open, quotes, character.id]);
  // A signed URL that expired (~1 hour) fails to play: the project is fetched again for new ones, at
  // most once a minute so a take that cannot play does not refetch in a loop.
  const refreshedAt = useRef(0);
  const refresh = env?.refresh;
  const onPlayError = useCallback(() => {
    if (!refresh || Date.now() - refreshedAt.current < 60_000) return;
    refreshedAt.current = Date.now();
    void refresh();
  }, [refresh]);

  if (!env) return null;
  const summary = [takes === 1 ? '1 take' : `${takes} takes`, voice ? 'voice chosen' : null, notesLine(character)]
    .filter(Boolean)
    .join(' · ');
  const id = `voice-${character.id}`;

  return (
    <Box data-testid="voice-section" sx={{ containerType: 'inline-size' }}>
      <Button
        size="small"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        startIcon={<RecordVoiceOverOutlinedIcon fontSize="small" />}
        endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
        sx={{ mt: 0.5, px: 0.5, minWidth: 0, color: 'text.secondary', fontWeight: 550, maxWidth: '100%' }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          Voice
          {(takes > 0 || character.voiceNotes) && (
            <Typography component="span" variant="caption" sx={{ ml: 0.75, color: 'text.secondary' }}>
              {summary}
            </Typography>
          )}
        </Box>
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box
          id={id}
          sx={{
            pt: 1,
            display: 'grid',
            gap: 1.5,
            // Stacked in the side panel and on phones, beside each other when the card itself is wide
            // (a container query: the card's width, not the window's, decides).
            gridTemplateColumns: 'minmax(0, 1fr)',
            '@container (min-width: 620px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
          }}
        >
          <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
            {env.readOnly ? null : env.canRecord === false ? (
              <ProFeaturePanel>
                Recording voice samples is part of Pro. Takes you already have still play, and you can choose, delete
                and describe them.
              </ProFeaturePanel>
            ) : env.canRecord ? (
              <VoiceRecorder
                character={character}
                projectId={env.projectId}
                lines={lines}
                onSaved={env.applyCharacter}
              />
            ) : null}
            <Divider flexItem />
            <TakesList
              character={character}
              projectId={env.projectId}
              canUpload={env.canRecord === true}
              readOnly={env.readOnly}
              onChanged={env.applyCharacter}
              onPlayError={onPlayError}
            />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary" component="h4" sx={{ lineHeight: 2, m: 0 }}>
              Voice notes
            </Typography>
            <VoiceNotesForm
              character={character}
              projectId={env.projectId}
              readOnly={env.readOnly}
              onSaved={env.applyCharacter}
            />
          </Box>
        </Box>
      </Collapse>
    </Box>
  );
}

/** The one-line direction (or accent) in the folded summary, so the voice is recalled at a glance. */
function notesLine(character: Character): string | null {
  const n = character.voiceNotes;
  return n?.direction || n?.accent || null;
}
