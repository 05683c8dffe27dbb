// Recordings for the tests, made here rather than checked in: a WAV is a 44-byte header and PCM.

/** A 16-bit mono PCM WAV of `seconds` of silence at `rate` Hz (8 kHz: 16 KB a second). */
export function wav(seconds: number, rate = 8000): Buffer {
  const data = Math.round(seconds * rate) * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVEfmt ', 8, 'latin1');
  b.writeUInt32LE(16, 16); // fmt chunk size
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28); // bytes a second
  b.writeUInt16LE(2, 32); // block align
  b.writeUInt16LE(16, 34); // bits a sample
  b.write('data', 36, 'latin1');
  b.writeUInt32LE(data, 40);
  // Not all zeros, so a range of it is recognisable.
  for (let i = 44; i < b.length; i++) b[i] = i % 251;
  return b;
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
