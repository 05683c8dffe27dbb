import { describe, expect, it } from 'vitest';
import { concatFrames, encodeWav, formatClock, peaks, resample, rms, toInt16 } from './wav';

const text = (bytes: Uint8Array, at: number, n: number) => String.fromCharCode(...bytes.subarray(at, at + n));

describe('encodeWav', () => {
  it('writes a 44-byte RIFF/WAVE PCM header for 16-bit mono', () => {
    const wav = encodeWav(new Float32Array([0, 0.5, -0.5]), 16_000);
    const view = new DataView(wav.buffer);
    expect(wav.length).toBe(44 + 6);
    expect(text(wav, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(text(wav, 8, 4)).toBe('WAVE');
    expect(text(wav, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // channels
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(wav, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(6);
  });

  it('stores samples little-endian as signed 16-bit, clipped', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 2, -2, 0.5, Number.NaN]), 8_000);
    expect(Array.from(wav.subarray(44, 48))).toEqual([0, 0, 0xff, 0x7f]); // 0, 32767
    const view = new DataView(wav.buffer);
    const samples = Array.from({ length: 7 }, (_, i) => view.getInt16(44 + i * 2, true));
    expect(samples).toEqual([0, 32767, -32768, 32767, -32768, 16384, 0]);
  });

  it('refuses a rate that is not a positive integer', () => {
    expect(() => encodeWav(new Float32Array(1), 0)).toThrow();
    expect(() => encodeWav(new Float32Array(1), 44_100.5)).toThrow();
  });

  it('an empty take is a valid header with no data', () => {
    const wav = encodeWav(new Float32Array(0), 16_000);
    expect(wav.length).toBe(44);
    expect(new DataView(wav.buffer).getUint32(40, true)).toBe(0);
  });
});

describe('toInt16', () => {
  it('maps the float range onto the full integer range', () => {
    expect(toInt16(0)).toBe(0);
    expect(toInt16(1)).toBe(32767);
    expect(toInt16(-1)).toBe(-32768);
    expect(toInt16(-0.25)).toBe(-8192);
  });
});

describe('resample', () => {
  it('48 kHz to 16 kHz keeps the duration and averages each group of three', () => {
    const input = new Float32Array(48_000 * 2).map((_, i) => (i % 3) / 3);
    const out = resample(input, 48_000, 16_000);
    expect(out.length).toBe(32_000);
    expect(out[0]).toBeCloseTo(1 / 3, 6);
  });

  it('keeps a low tone and its amplitude', () => {
    const from = 44_100;
    const input = new Float32Array(from).map((_, i) => Math.sin((2 * Math.PI * 440 * i) / from));
    const out = resample(input, from, 16_000);
    expect(out.length).toBe(16_000);
    expect(rms(out)).toBeCloseTo(Math.SQRT1_2, 1);
    // Same phase at a quarter second in both signals.
    expect(out[4_000]).toBeCloseTo(input[11_025]!, 1);
  });

  it('interpolates when going up and copies at the same rate', () => {
    expect(Array.from(resample(new Float32Array([0, 1]), 8_000, 16_000))).toEqual([0, 0.5, 1, 1]);
    const same = new Float32Array([0.1, 0.2]);
    expect(resample(same, 16_000, 16_000)).not.toBe(same);
    expect(() => resample(same, 0, 16_000)).toThrow();
  });
});

describe('helpers', () => {
  it('concatenates frames in order', () => {
    expect(Array.from(concatFrames([new Float32Array([1, 2]), new Float32Array([3])]))).toEqual([1, 2, 3]);
  });

  it('peaks are the loudest absolute sample per slice', () => {
    expect(peaks(new Float32Array([0.1, -0.8, 0.3, 0.2]), 2)).toEqual([expect.closeTo(0.8, 6), expect.closeTo(0.3, 6)]);
    expect(peaks(new Float32Array(0), 10)).toEqual([]);
  });

  it('formats the timer as mm:ss', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(3.9)).toBe('00:03');
    expect(formatClock(65)).toBe('01:05');
    expect(formatClock(300)).toBe('05:00');
  });
});
