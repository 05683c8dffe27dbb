// The recorder of SPEC §4 for one character: idle → recording (mm:ss ticking each second, live level
// and waveform, a line to read) → recorded (waveform with play/pause and seek, re-record, save,
// discard) → uploading → saved. The microphone is asked for only when Record is pressed.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import MicIcon from '@mui/icons-material/Mic';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import { MAX_VOICE_SECONDS, MAX_VOICE_TAKES, type Character } from '@castbook/contracts';
import { ApiError } from '../../../api/client';
import { uploadVoiceTake, VOICE_MESSAGES } from '../../../api/voice-api';
import { CaptureError, PROCESS_ERROR, startCapture, type Capture, type LocalTake } from './capture';
import { LineToRead } from './LineToRead';
import { LiveInput } from './LiveInput';
import { PcmMedia } from './pcm-media';
import { LazyTakeWaveform as TakeWaveform } from './LazyTakeWaveform';
import { formatClock } from './wav';

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'recorded' | 'uploading' | 'saved';

interface Failure {
  message: string;
  /** The server's own words when it refused (plan, limits), shown under SPEC's message. */
  detail?: string;
}

export function VoiceRecorder({
  character,
  projectId,
  lines,
  onSaved,
}: {
  character: Character;
  projectId: string;
  lines: string[];
  onSaved(character: Character): void;
}) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [seconds, setSeconds] = useState(0);
  const [capture, setCapture] = useState<Capture | null>(null);
  const [take, setTake] = useState<LocalTake | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const captureRef = useRef<Capture | null>(null);
  const full = (character.voiceTakes?.length ?? 0) >= MAX_VOICE_TAKES;
  const media = useMemo(() => (take ? new PcmMedia(take.samples, take.sampleRate) : null), [take]);

  useEffect(() => () => media?.destroy(), [media]);
  // Leaving the card mid-take releases the microphone, also when it is still being opened.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      captureRef.current?.cancel();
    };
  }, []);

  const stop = async () => {
    const current = captureRef.current;
    if (!current) return;
    captureRef.current = null;
    setCapture(null);
    try {
      const done = await current.stop();
      setTake(done);
      setPhase('recorded');
    } catch {
      setFailure({ message: PROCESS_ERROR });
      setPhase('idle');
    }
  };
  const stopRef = useRef(stop);
  stopRef.current = stop;

  // The timer shows whole seconds captured, so 00:03 means three seconds are in the take.
  useEffect(() => {
    if (phase !== 'recording' || !capture) return;
    const timer = window.setInterval(() => {
      const s = capture.seconds();
      setSeconds(Math.floor(s));
      if (s >= MAX_VOICE_SECONDS) void stopRef.current();
    }, 200);
    return () => window.clearInterval(timer);
  }, [phase, capture]);

  const record = async () => {
    setFailure(null);
    setTake(null);
    setSeconds(0);
    setPhase('starting');
    try {
      const started = await startCapture();
      if (!mounted.current) {
        started.cancel();
        return;
      }
      captureRef.current = started;
      setCapture(started);
      setPhase('recording');
    } catch (err) {
      setFailure({ message: err instanceof CaptureError ? err.message : PROCESS_ERROR });
      setPhase('idle');
    }
  };

  const save = async () => {
    if (!take) return;
    setFailure(null);
    setPhase('uploading');
    try {
      const updated = await uploadVoiceTake(projectId, character.id, take.wav, 'recorded');
      onSaved(updated);
      setTake(null);
      setPhase('saved');
    } catch (err) {
      setFailure({
        message: VOICE_MESSAGES.upload,
        detail: err instanceof ApiError && err.status > 0 ? err.serverMessage : undefined,
      });
      setPhase('recorded');
    }
  };

  const discard = () => {
    setTake(null);
    setFailure(null);
    setPhase('idle');
  };

  return (
    <Box
      data-testid="voice-recorder"
      data-phase={phase}
      aria-label={`Voice recorder for ${character.name}`}
      role="group"
    >
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

      {(phase === 'idle' || phase === 'starting' || phase === 'saved') && (
        <Stack spacing={1}>
          {phase === 'saved' && (
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'success.main' }} role="status">
              <CheckCircleIcon fontSize="small" />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Saved. The take is in the list below.
              </Typography>
            </Stack>
          )}
          <LineToRead lines={lines} name={character.name} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="contained"
              color="error"
              size="small"
              startIcon={phase === 'starting' ? <CircularProgress size={16} color="inherit" /> : <MicIcon />}
              onClick={() => void record()}
              disabled={phase === 'starting' || full}
            >
              {phase === 'saved' ? 'Record another' : 'Record'}
            </Button>
            <Typography variant="caption" color="text.secondary">
              {full
                ? 'A character keeps at most 5 takes. Delete one first.'
                : phase === 'starting'
                  ? 'Waiting for the microphone…'
                  : 'Up to 5 minutes; the browser asks for the microphone.'}
            </Typography>
          </Stack>
        </Stack>
      )}

      {phase === 'recording' && capture && (
        <Stack spacing={1}>
          <LineToRead lines={lines} name={character.name} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FiberManualRecordIcon
              fontSize="small"
              sx={{
                color: 'error.main',
                '@keyframes castbook-rec': { '50%': { opacity: 0.3 } },
                animation: 'castbook-rec 1.2s ease-in-out infinite',
                '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
              }}
            />
            <Typography
              role="timer"
              aria-label="Recording time"
              data-testid="recording-timer"
              sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 650, fontSize: 18 }}
            >
              {formatClock(seconds)}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
              Recording…
            </Typography>
            <Button variant="contained" size="small" startIcon={<StopIcon />} onClick={() => void stop()}>
              Stop
            </Button>
          </Stack>
          <LiveInput analyser={capture.analyser} label="Microphone level" />
        </Stack>
      )}

      {(phase === 'recorded' || phase === 'uploading') && media && take && (
        <Stack spacing={1}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            New take · {formatClock(take.durationSeconds)}
          </Typography>
          <TakeWaveform
            source={{ kind: 'memory', media }}
            label={`the new take of ${character.name}`}
            testId="new-take"
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
            <Button size="small" onClick={discard} disabled={phase === 'uploading'}>
              Discard
            </Button>
            <Button
              size="small"
              startIcon={<ReplayIcon />}
              onClick={() => void record()}
              disabled={phase === 'uploading'}
            >
              Re-record
            </Button>
            <Button
              size="small"
              variant="contained"
              onClick={() => void save()}
              disabled={phase === 'uploading'}
              startIcon={phase === 'uploading' ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {phase === 'uploading' ? 'Uploading…' : 'Save take'}
            </Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
