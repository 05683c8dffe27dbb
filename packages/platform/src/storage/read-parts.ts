// Cuts a stream of unknown length into fixed-size parts for an S3 multipart upload. Only the part
// being filled is held in memory, and the caller pulls the next part only after uploading the
// previous one, so the source is paused (backpressure) while a part is on the wire.

/** Yields parts of exactly `partSize` bytes, except the last, which is shorter; nothing for an empty source. */
export async function* readParts(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  partSize: number,
): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const raw of source) {
    let chunk = typeof raw === 'string' ? Buffer.from(raw) : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    while (pendingBytes + chunk.length >= partSize) {
      const take = partSize - pendingBytes;
      pending.push(chunk.subarray(0, take));
      yield Buffer.concat(pending, partSize);
      pending = [];
      pendingBytes = 0;
      chunk = chunk.subarray(take);
    }
    if (chunk.length > 0) {
      pending.push(chunk);
      pendingBytes += chunk.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}
