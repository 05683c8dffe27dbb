// A character's takes (at most five): each plays as a waveform, one is marked as the character's voice
// (audioSample), any can be deleted. Choosing and deleting work on every plan; uploading a file made in
// studio software needs `voice:recording`, like recording.
import { useRef, useState } from 'react';
import { Alert, Box, Button, IconButton, Radio, Stack, Tooltip, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { MAX_VOICE_TAKES, type Character, type VoiceTake } from '@castbook/contracts';
import { ApiError } from '../../../api/client';
import { deleteVoiceTake, updateVoice, uploadVoiceTake, VOICE_MESSAGES } from '../../../api/voice-api';
import { LazyTakeWaveform as TakeWaveform } from './LazyTakeWaveform';
import { chosenTake, UPLOAD_ACCEPT } from './voice-data';
import { formatClock } from './wav';
import { formatDate } from '../../subscription';

const serverWords = (err: unknown) => (err instanceof ApiError && err.status > 0 ? err.serverMessage : undefined);

export function TakesList({
  character,
  projectId,
  canUpload,
  readOnly,
  onChanged,
  onPlayError,
}: {
  character: Character;
  projectId: string;
  canUpload: boolean;
  readOnly: boolean;
  onChanged(character: Character): void;
  onPlayError(): void;
}) {
  const takes = character.voiceTakes ?? [];
  const chosen = chosenTake(character);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; detail?: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const run = async (key: string, message: string, action: () => Promise<Character>) => {
    setBusy(key);
    setFailure(null);
    try {
      onChanged(await action());
    } catch (err) {
      setFailure({ message, detail: serverWords(err) });
    } finally {
      setBusy(null);
    }
  };

  const choose = (take: VoiceTake) =>
    run(`choose:${take.id}`, VOICE_MESSAGES.update, () =>
      updateVoice(projectId, character.id, { audioSample: take.id }),
    );
  const remove = (take: VoiceTake, n: number) => {
    if (!window.confirm(`Delete take ${n} of ${character.name}? This cannot be undone.`)) return;
    void run(`delete:${take.id}`, VOICE_MESSAGES.delete, () => deleteVoiceTake(projectId, character.id, take.id));
  };
  const upload = (file: File) =>
    run('upload', VOICE_MESSAGES.upload, () => uploadVoiceTake(projectId, character.id, file, 'uploaded', file.name));

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="overline" color="text.secondary" sx={{ flexGrow: 1, lineHeight: 2 }}>
          Takes {takes.length > 0 ? `(${takes.length} of ${MAX_VOICE_TAKES})` : ''}
        </Typography>
        {canUpload && !readOnly && (
          <>
            <Button
              size="small"
              startIcon={<UploadFileIcon />}
              disabled={takes.length >= MAX_VOICE_TAKES || busy !== null}
              onClick={() => fileInput.current?.click()}
            >
              {busy === 'upload' ? 'Uploading…' : 'Upload file'}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={UPLOAD_ACCEPT}
              hidden
              aria-label={`Upload an audio file for ${character.name}`}
              data-testid="voice-upload-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void upload(file);
              }}
            />
          </>
        )}
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setFailure(null)}>
          {failure.message}
          {failure.detail && (
            <Typography variant="body2" component="span" sx={{ display: 'block', opacity: 0.85 }}>
              {failure.detail}
            </Typography>
          )}
        </Alert>
      )}
      {takes.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          No takes yet.
        </Typography>
      ) : (
        <Stack component="ol" spacing={1} sx={{ m: 0, p: 0 }} aria-label={`Takes of ${character.name}`}>
          {takes.map((take, i) => {
            const n = i + 1;
            const isChosen = chosen?.id === take.id;
            return (
              <Box
                component="li"
                key={take.id}
                data-testid="voice-take"
                data-chosen={isChosen}
                aria-label={`Take ${n}${isChosen ? ', the voice' : ''}`}
                sx={{
                  listStyle: 'none',
                  p: 1,
                  borderRadius: 1.5,
                  border: '1px solid',
                  borderColor: isChosen ? 'primary.main' : 'divider',
                }}
              >
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <Tooltip title={isChosen ? `${character.name}'s voice` : 'Use as the voice'}>
                    <Radio
                      size="small"
                      checked={isChosen}
                      disabled={readOnly || busy !== null}
                      onChange={() => void choose(take)}
                      slotProps={{ input: { 'aria-label': `Use take ${n} as ${character.name}'s voice` } }}
                      sx={{ p: 0.5 }}
                    />
                  </Tooltip>
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                      Take {n}
                      {isChosen && (
                        <Typography
                          component="span"
                          variant="caption"
                          color="primary"
                          sx={{ ml: 0.75, fontWeight: 650 }}
                        >
                          Voice
                        </Typography>
                      )}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" noWrap component="p">
                      {formatClock(take.durationSeconds)} · {take.source === 'uploaded' ? 'uploaded' : 'recorded'} ·{' '}
                      {formatDate(take.createdAt)}
                    </Typography>
                  </Box>
                  {/* Deleting only frees storage, so a read-only project allows it too. */}
                  <Tooltip title="Delete take">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Delete take ${n} of ${character.name}`}
                        disabled={busy !== null}
                        onClick={() => remove(take, n)}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
                {take.playUrl ? (
                  <TakeWaveform
                    source={{ kind: 'url', url: take.playUrl }}
                    label={`take ${n} of ${character.name}`}
                    height={32}
                    onPlayError={onPlayError}
                  />
                ) : (
                  <Typography variant="caption" color="text.secondary">
                    {VOICE_MESSAGES.play}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
