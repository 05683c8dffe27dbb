import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readParts } from './read-parts.js';

async function partSizes(chunks: (Buffer | string)[], partSize: number): Promise<number[]> {
  const sizes: number[] = [];
  for await (const part of readParts(Readable.from(chunks), partSize)) sizes.push(part.length);
  return sizes;
}

describe('readParts', () => {
  it('cuts chunks of any size into full parts and a shorter last part, keeping every byte in order', async () => {
    const data = Buffer.from(Array.from({ length: 2500 }, (_, i) => i % 251));
    const chunks = [data.subarray(0, 7), data.subarray(7, 1500), data.subarray(1500, 1501), data.subarray(1501)];

    const parts: Buffer[] = [];
    for await (const part of readParts(Readable.from(chunks), 1000)) parts.push(part);

    expect(parts.map((p) => p.length)).toEqual([1000, 1000, 500]);
    expect(Buffer.concat(parts).equals(data)).toBe(true);
  });

  it('yields nothing for an empty source and no empty tail after an exact multiple', async () => {
    expect(await partSizes([], 10)).toEqual([]);
    expect(await partSizes([Buffer.alloc(20)], 10)).toEqual([10, 10]);
    expect(await partSizes(['abc', 'de'], 10)).toEqual([5]);
  });

  it('passes a source failure to the consumer', async () => {
    const source = new Readable({
      read() {
        this.destroy(new Error('source failed'));
      },
    });
    await expect(readParts(source, 10).next()).rejects.toThrow('source failed');
  });
});
