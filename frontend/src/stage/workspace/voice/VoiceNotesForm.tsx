// How a character sounds, in the narrator's words (issue 17): age, accent, pitch, pace, a one-line
// direction and how to say the name (free text, optional IPA). Saved with PUT …/voice on every plan.
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import type { Character, VoiceNotes } from '@castbook/contracts';
import { ApiError } from '../../../api/client';
import { updateVoice, VOICE_MESSAGES } from '../../../api/voice-api';

const FIELDS: Array<{ key: keyof VoiceNotes; label: string; placeholder: string; wide?: boolean }> = [
  { key: 'age', label: 'Age', placeholder: 'late 60s' },
  { key: 'accent', label: 'Accent', placeholder: 'Yorkshire' },
  { key: 'pitch', label: 'Pitch', placeholder: 'low' },
  { key: 'pace', label: 'Pace', placeholder: 'slow, deliberate' },
  { key: 'direction', label: 'Direction', placeholder: 'gravelly, slow, Yorkshire', wide: true },
  { key: 'pronunciation', label: 'Name sounds like', placeholder: 'HER-my-oh-nee' },
  { key: 'ipa', label: 'IPA (optional)', placeholder: 'hɜːˈmaɪ.ə.ni' },
];
/** The server keeps each note to one line of 200 characters. */
const MAX_NOTE = 200;

const clean = (notes: VoiceNotes): VoiceNotes => {
  const out: VoiceNotes = {};
  for (const { key } of FIELDS) {
    const value = notes[key]?.replace(/\s+/g, ' ').trim();
    if (value) out[key] = value;
  }
  return out;
};

export function VoiceNotesForm({
  character,
  projectId,
  readOnly,
  onSaved,
}: {
  character: Character;
  projectId: string;
  readOnly: boolean;
  onSaved(character: Character): void;
}) {
  const saved = character.voiceNotes ?? {};
  const [notes, setNotes] = useState<VoiceNotes>(saved);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const dirty = JSON.stringify(clean(notes)) !== JSON.stringify(clean(saved));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const updated = await updateVoice(projectId, character.id, { voiceNotes: clean(notes) });
      onSaved(updated);
      setNotes(updated.voiceNotes ?? {});
      setDone(true);
    } catch (err) {
      setFailure(
        err instanceof ApiError && err.status > 0
          ? `${VOICE_MESSAGES.update}: ${err.serverMessage}`
          : VOICE_MESSAGES.update,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} aria-label={`Voice notes for ${character.name}`}>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
        }}
      >
        {FIELDS.map((f) => (
          <TextField
            key={f.key}
            size="small"
            label={f.label}
            placeholder={f.placeholder}
            value={notes[f.key] ?? ''}
            disabled={readOnly}
            onChange={(e) => {
              setDone(false);
              setNotes((n) => ({ ...n, [f.key]: e.target.value.replace(/[\r\n]+/g, ' ') }));
            }}
            slotProps={{ htmlInput: { maxLength: MAX_NOTE } }}
            sx={f.wide ? { gridColumn: '1 / -1' } : undefined}
          />
        ))}
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      {!readOnly && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end', alignItems: 'center' }}>
          {done && !dirty && (
            <Box component="span" role="status" sx={{ fontSize: 13, color: 'success.main', mr: 'auto' }}>
              Notes saved
            </Box>
          )}
          <Button size="small" onClick={() => setNotes(saved)} disabled={!dirty || busy}>
            Reset
          </Button>
          <Button size="small" type="submit" variant="contained" disabled={!dirty || busy}>
            Save notes
          </Button>
        </Stack>
      )}
    </Box>
  );
}
