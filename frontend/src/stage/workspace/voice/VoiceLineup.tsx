// The voice line-up (issue 17): the chosen takes of the main characters (most lines first), played one
// after another so the narrator hears whether the voices are distinct. One <audio> element walks the
// list; the dialog shows who is playing.
import { useEffect, useMemo, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import type { Character } from '@castbook/contracts';
import { VOICE_MESSAGES } from '../../../api/voice-api';
import { useVoiceEnv } from './voice-context';
import { lineup } from './voice-data';
import { formatClock } from './wav';

export function VoiceLineupButton({
  characters,
  lineCounts,
}: {
  characters: Character[];
  lineCounts: Map<string, number>;
}) {
  const env = useVoiceEnv();
  const entries = useMemo(() => lineup(characters, lineCounts), [characters, lineCounts]);
  const [open, setOpen] = useState(false);
  if (!env) return null;
  const none = entries.length === 0;
  return (
    <>
      <Tooltip title={none ? 'Choose a voice for some characters to hear them one after another' : 'Voice line-up'}>
        <span>
          <IconButton size="small" aria-label="Voice line-up" disabled={none} onClick={() => setOpen(true)}>
            <QueueMusicIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {open && <LineupDialog entries={entries} onClose={() => setOpen(false)} />}
    </>
  );
}

function LineupDialog({ entries, onClose }: { entries: ReturnType<typeof lineup>; onClose(): void }) {
  // State, not a ref: the dialog's portal mounts the element after this component's first effects.
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  // The entry playing (or about to), null once the line-up has finished or stopped.
  const [index, setIndex] = useState<number | null>(0);
  // Bumped to start an entry again (replaying the one already selected).
  const [round, setRound] = useState(0);
  const [failed, setFailed] = useState(false);
  const current = index === null ? undefined : entries[index];

  useEffect(() => {
    const el = audio;
    if (!el || !current) return;
    el.src = current.take.playUrl;
    el.play().catch(() => setFailed(true));
  }, [audio, current, round]);

  const next = () => setIndex((i) => (i === null || i + 1 >= entries.length ? null : i + 1));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="voice-lineup-title">
      <DialogTitle id="voice-lineup-title">Voice line-up</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status" aria-live="polite">
          {current ? `Now playing: ${current.character.name}` : 'The line-up has finished.'}
        </Typography>
        {failed && (
          <Typography variant="body2" color="error" sx={{ mb: 1 }}>
            {VOICE_MESSAGES.play}
          </Typography>
        )}
        <List dense disablePadding aria-label="Characters in the line-up">
          {entries.map((e, i) => (
            <ListItem
              key={e.character.id}
              data-testid="lineup-entry"
              aria-current={i === index ? 'true' : undefined}
              sx={{
                borderRadius: 1,
                borderLeft: '4px solid',
                borderColor: e.character.color,
                mb: 0.5,
                bgcolor: i === index ? 'action.selected' : 'transparent',
              }}
              secondaryAction={i === index ? <GraphicEqIcon color="primary" fontSize="small" aria-hidden /> : undefined}
            >
              <ListItemText
                primary={e.character.name}
                secondary={[formatClock(e.take.durationSeconds), e.character.voiceNotes?.direction]
                  .filter(Boolean)
                  .join(' · ')}
                onClick={() => {
                  setFailed(false);
                  setIndex(i);
                  setRound((r) => r + 1);
                }}
                sx={{ cursor: 'pointer' }}
              />
            </ListItem>
          ))}
        </List>
        <Box
          component="audio"
          ref={setAudio}
          controls
          data-testid="lineup-audio"
          aria-label={current ? `Voice of ${current.character.name}` : 'Voice line-up'}
          onEnded={next}
          onError={() => {
            setFailed(true);
            next();
          }}
          sx={{ width: '100%', mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            setFailed(false);
            setIndex(0);
            setRound((r) => r + 1);
          }}
        >
          Play from the start
        </Button>
        <Button
          onClick={() => {
            audio?.pause();
            onClose();
          }}
        >
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
