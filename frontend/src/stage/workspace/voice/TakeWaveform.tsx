// A take as a waveform with play/pause and seek (click or drag on it, or the arrow keys), drawn by
// wavesurfer. A saved take plays its signed URL in a real <audio> element; a take still in memory
// plays through PcmMedia (see there why not a blob: URL).
import { useEffect, useRef, useState } from 'react';
import { Box, IconButton, Stack, Tooltip, Typography, useTheme } from '@mui/material';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import WaveSurfer from 'wavesurfer.js';
import type { PcmMedia } from './pcm-media';
import { formatClock, peaks } from './wav';

type Source = { kind: 'url'; url: string } | { kind: 'memory'; media: PcmMedia };

/** Bars drawn for a take in memory (wavesurfer scales them to its width). */
const MEMORY_PEAKS = 800;

export function TakeWaveform({
  source,
  label,
  height = 48,
  onPlayError,
  testId,
}: {
  source: Source;
  /** What the controls name, e.g. 'Take 2 of Alice'. */
  label: string;
  height?: number;
  onPlayError?(): void;
  testId?: string;
}) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const ws = useRef<WaveSurfer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(source.kind === 'memory' ? source.media.duration : 0);
  const errorRef = useRef(onPlayError);
  errorRef.current = onPlayError;

  const url = source.kind === 'url' ? source.url : null;
  const memory = source.kind === 'memory' ? source.media : null;
  const waveColor = theme.palette.mode === 'dark' ? '#6b7280' : '#9ca3af';
  const progressColor = theme.palette.primary.main;

  useEffect(() => {
    if (!box.current) return;
    const media = memory ? (memory as unknown as HTMLMediaElement) : (audio.current ?? undefined);
    const instance = WaveSurfer.create({
      container: box.current,
      height,
      waveColor,
      progressColor,
      cursorColor: progressColor,
      cursorWidth: 2,
      barWidth: 2,
      barGap: 1,
      barRadius: 2,
      normalize: true,
      dragToSeek: true,
      media,
    });
    ws.current = instance;
    const offs = [
      instance.on('play', () => setPlaying(true)),
      instance.on('pause', () => setPlaying(false)),
      instance.on('finish', () => setPlaying(false)),
      instance.on('timeupdate', (t) => setTime(t)),
      instance.on('ready', (d) => setDuration(d)),
      instance.on('error', () => errorRef.current?.()),
    ];
    const loading = memory
      ? // Each peak above and below the line, as decoded audio would draw.
        instance.load(
          '',
          [Float32Array.from(peaks(memory.samples, MEMORY_PEAKS).flatMap((p) => [p, -p]))],
          memory.duration,
        )
      : instance.load(url!);
    // A superseded or failed load is reported through 'error' (or needs nothing when unmounted).
    loading.catch(() => undefined);
    return () => {
      offs.forEach((off) => off());
      instance.destroy();
      ws.current = null;
    };
  }, [url, memory, height, waveColor, progressColor]);

  const toggle = () => {
    const instance = ws.current;
    if (!instance) return;
    instance.playPause().catch(() => errorRef.current?.());
  };
  const seekBy = (seconds: number) => {
    const instance = ws.current;
    if (!instance) return;
    instance.setTime(Math.max(0, Math.min(instance.getDuration(), instance.getCurrentTime() + seconds)));
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }} data-testid={testId}>
      <Tooltip title={playing ? 'Pause' : 'Play'}>
        <IconButton
          size="small"
          onClick={toggle}
          aria-label={playing ? `Pause ${label}` : `Play ${label}`}
          sx={{ bgcolor: 'action.selected', flexShrink: 0 }}
        >
          {playing ? <PauseIcon fontSize="small" /> : <PlayArrowIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Box
        ref={box}
        role="slider"
        tabIndex={0}
        aria-label={`Position in ${label}`}
        aria-valuemin={0}
        aria-valuemax={Number(duration.toFixed(1))}
        aria-valuenow={Number(time.toFixed(1))}
        aria-valuetext={`${formatClock(time)} of ${formatClock(duration)}`}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') seekBy(1);
          else if (e.key === 'ArrowLeft') seekBy(-1);
          else return;
          e.preventDefault();
        }}
        data-testid="take-waveform"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          cursor: 'pointer',
          borderRadius: 1,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      />
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
        aria-hidden
      >
        {formatClock(time)} / {formatClock(duration)}
      </Typography>
      {url && (
        // The element wavesurfer drives: in the page, so playback is a plain <audio> (tests read it).
        <audio ref={audio} src={url} preload="metadata" data-testid="take-audio" hidden />
      )}
    </Stack>
  );
}
