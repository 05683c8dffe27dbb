// The waveform player, loaded the first time a Voice section shows one: wavesurfer (about 15 KB
// gzipped) stays out of the workspace's own bundle, which most visits use without opening a voice.
import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@mui/material';

const TakeWaveform = lazy(() => import('./TakeWaveform').then((m) => ({ default: m.TakeWaveform })));

export function LazyTakeWaveform(props: ComponentProps<typeof TakeWaveform>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height ?? 48} />}>
      <TakeWaveform {...props} />
    </Suspense>
  );
}
