// The microphone side of the recorder: asks for the microphone (only when the user pressed Record),
// captures Float32 frames through an AudioWorklet and exposes an AnalyserNode for the live meter and
// waveform. Stopping gives the take resampled to RECORDING_SAMPLE_RATE and encoded as WAV.
// Never inlined as a data: URL: the CSP lets worklets load from this origin only.
import workletUrl from './capture-worklet.js?url&no-inline';
import { MAX_VOICE_SECONDS } from '@castbook/contracts';
import { concatFrames, encodeWav, RECORDING_SAMPLE_RATE, resample } from './wav';

export const MIC_ERROR = 'Could not access the microphone. Please check your permissions.';
export const PROCESS_ERROR = 'Failed to process audio recording.';

export class CaptureError extends Error {}

/** A finished take, still only in this tab. */
export interface LocalTake {
  samples: Float32Array<ArrayBuffer>;
  sampleRate: number;
  durationSeconds: number;
  wav: Blob;
}

export interface Capture {
  /** For the level meter and live waveform while recording. */
  analyser: AnalyserNode;
  /** Seconds captured so far (from the samples, so it is exact whatever the timers do). */
  seconds(): number;
  stop(): Promise<LocalTake>;
  /** Drops the take and releases the microphone. */
  cancel(): void;
}

/** Starts recording, or throws a CaptureError in SPEC §8's words. */
export async function startCapture(): Promise<Capture> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CaptureError(MIC_ERROR);
  let stream: MediaStream;
  try {
    // One channel, and no automatic gain: the take should keep the narrator's own dynamics.
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, autoGainControl: false },
    });
  } catch {
    throw new CaptureError(MIC_ERROR);
  }
  const release = () => stream.getTracks().forEach((t) => t.stop());
  let context: AudioContext | null = null;
  try {
    context = new AudioContext();
    await context.audioWorklet.addModule(workletUrl);
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    const node = new AudioWorkletNode(context, 'castbook-capture', { numberOfInputs: 1, numberOfOutputs: 1 });
    const frames: Float32Array[] = [];
    let captured = 0;
    node.port.onmessage = (e: MessageEvent<Float32Array>) => {
      frames.push(e.data);
      captured += e.data.length;
    };
    source.connect(analyser);
    source.connect(node);
    // The worklet writes nothing to its output; connecting it keeps the graph pulling it.
    node.connect(context.destination);
    await context.resume();
    const ctx = context;
    const rate = ctx.sampleRate;
    let done = false;
    const close = () => {
      done = true;
      node.port.onmessage = null;
      source.disconnect();
      node.disconnect();
      release();
      void ctx.close().catch(() => undefined);
    };
    return {
      analyser,
      seconds: () => captured / rate,
      async stop() {
        if (done) throw new CaptureError(PROCESS_ERROR);
        close();
        try {
          // The timer stops the take at the server's limit; the few frames past it are cut.
          const samples = resample(concatFrames(frames), rate, RECORDING_SAMPLE_RATE).slice(
            0,
            MAX_VOICE_SECONDS * RECORDING_SAMPLE_RATE,
          );
          return {
            samples,
            sampleRate: RECORDING_SAMPLE_RATE,
            durationSeconds: samples.length / RECORDING_SAMPLE_RATE,
            wav: new Blob([encodeWav(samples, RECORDING_SAMPLE_RATE)], { type: 'audio/wav' }),
          };
        } catch {
          throw new CaptureError(PROCESS_ERROR);
        }
      },
      cancel() {
        if (!done) close();
      },
    };
  } catch (err) {
    release();
    void context?.close().catch(() => undefined);
    throw err instanceof CaptureError ? err : new CaptureError(PROCESS_ERROR);
  }
}
