// While recording: the microphone's level as a meter and its waveform as a scrolling trace, both read
// from the AnalyserNode on every animation frame (drawn on a canvas, not through React state).
import { useEffect, useRef } from 'react';
import { Box, useTheme } from '@mui/material';
import { rms } from './wav';

/** Speech RMS rarely passes 0.3; the meter is scaled so normal speech fills most of it. */
const METER_FULL_SCALE = 0.3;

export function LiveInput({ analyser, label }: { analyser: AnalyserNode; label: string }) {
  const theme = useTheme();
  const canvas = useRef<HTMLCanvasElement>(null);
  const meter = useRef<HTMLDivElement>(null);
  const meterBox = useRef<HTMLDivElement>(null);
  const traceColor = theme.palette.error.main;
  const meterColor = theme.palette.success.main;

  useEffect(() => {
    const block = new Float32Array(analyser.fftSize);
    // The trace keeps one loudness bar per frame, newest on the right.
    const history: number[] = [];
    let frame = 0;
    const draw = () => {
      analyser.getFloatTimeDomainData(block);
      const level = Math.min(1, rms(block) / METER_FULL_SCALE);
      if (meter.current) meter.current.style.transform = `scaleX(${level})`;
      meterBox.current?.setAttribute('aria-valuenow', String(Math.round(level * 100)));
      const c = canvas.current;
      const ctx = c?.getContext('2d');
      if (c && ctx) {
        const width = (c.width = c.clientWidth * devicePixelRatio);
        const height = (c.height = c.clientHeight * devicePixelRatio);
        let peak = 0;
        for (const v of block) peak = Math.max(peak, Math.abs(v));
        history.push(peak);
        const bar = 3 * devicePixelRatio;
        const max = Math.floor(width / bar);
        if (history.length > max) history.splice(0, history.length - max);
        ctx.clearRect(0, 0, width, height);
        ctx.fillStyle = traceColor;
        history.forEach((p, i) => {
          const h = Math.max(devicePixelRatio, p * height);
          ctx.fillRect(width - (history.length - i) * bar, (height - h) / 2, bar - devicePixelRatio, h);
        });
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [analyser, traceColor]);

  return (
    <Box>
      <Box
        component="canvas"
        ref={canvas}
        data-testid="live-waveform"
        aria-hidden
        sx={{ display: 'block', width: '100%', height: 40, borderRadius: 1, bgcolor: 'action.hover' }}
      />
      <Box
        ref={meterBox}
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={0}
        sx={{ mt: 0.75, height: 6, borderRadius: 3, bgcolor: 'action.selected', overflow: 'hidden' }}
      >
        <Box
          ref={meter}
          sx={{
            height: '100%',
            bgcolor: meterColor,
            transformOrigin: 'left',
            // No CSS transition: it is redrawn every frame already.
            transform: 'scaleX(0)',
          }}
        />
      </Box>
    </Box>
  );
}
