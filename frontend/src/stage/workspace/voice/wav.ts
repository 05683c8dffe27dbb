// Recorded takes are WAV, 16-bit PCM, mono (SPEC §9). The browser captures Float32 frames at the
// audio device's rate; they are resampled to RECORDING_SAMPLE_RATE and written here, so the server
// receives a plain RIFF file whose bytes say what it is.

/**
 * 16 kHz keeps speech clear (everything up to 8 kHz) and a five-minute take (the server's longest)
 * at 9.6 MB, under its 10 MB ceiling; 22.05 kHz would pass 10 MB after 3 min 57 s.
 */
export const RECORDING_SAMPLE_RATE = 16_000;

/** Joins captured frames into one buffer. */
export function concatFrames(frames: readonly Float32Array[]): Float32Array<ArrayBuffer> {
  let length = 0;
  for (const f of frames) length += f.length;
  const out = new Float32Array(length);
  let at = 0;
  for (const f of frames) {
    out.set(f, at);
    at += f.length;
  }
  return out;
}

/**
 * Resamples by averaging the source samples that fall in each output sample's span when going down
 * (a box filter, enough against aliasing for speech at these ratios) and by linear interpolation
 * when going up.
 */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array<ArrayBuffer> {
  if (!(fromRate > 0) || !(toRate > 0)) throw new Error('Sample rates must be positive');
  if (fromRate === toRate) return input.slice();
  const ratio = fromRate / toRate;
  const length = Math.floor(input.length / ratio);
  const out = new Float32Array(length);
  if (ratio > 1) {
    for (let i = 0; i < length; i++) {
      const start = Math.floor(i * ratio);
      const end = Math.min(input.length, Math.max(start + 1, Math.floor((i + 1) * ratio)));
      let sum = 0;
      for (let j = start; j < end; j++) sum += input[j]!;
      out[i] = sum / (end - start);
    }
  } else {
    for (let i = 0; i < length; i++) {
      const pos = i * ratio;
      const j = Math.floor(pos);
      const frac = pos - j;
      const a = input[j]!;
      const b = input[Math.min(j + 1, input.length - 1)]!;
      out[i] = a + (b - a) * frac;
    }
  }
  return out;
}

/** A float sample in [-1, 1] as a signed 16-bit integer (clipped, symmetric rounding). */
export function toInt16(sample: number): number {
  const s = Math.max(-1, Math.min(1, Number.isNaN(sample) ? 0 : sample));
  return s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
}

const HEADER_BYTES = 44;

/** A complete WAV file (RIFF, PCM format 1, one channel, 16 bits) holding `samples`. */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) throw new Error('Sample rate must be a positive integer');
  const dataBytes = samples.length * 2;
  const buffer = new ArrayBuffer(HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true); // everything after this field
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate: rate × channels × 2 bytes
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) view.setInt16(HEADER_BYTES + i * 2, toInt16(samples[i]!), true);
  return new Uint8Array(buffer);
}

/**
 * The waveform of a take as `bars` peak values in [0, 1] (the largest absolute sample of each
 * slice), for drawing without decoding anything again.
 */
export function peaks(samples: Float32Array, bars: number): number[] {
  if (bars <= 0 || samples.length === 0) return [];
  const out: number[] = [];
  const per = samples.length / bars;
  for (let i = 0; i < bars; i++) {
    let max = 0;
    const end = Math.min(samples.length, Math.floor((i + 1) * per));
    for (let j = Math.floor(i * per); j < end; j++) max = Math.max(max, Math.abs(samples[j]!));
    out.push(Math.min(1, max));
  }
  return out;
}

/** Root-mean-square level of a block, 0..1: the live meter. */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / samples.length);
}

/** mm:ss for the recorder's timer (SPEC §4). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
