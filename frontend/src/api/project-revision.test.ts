import { describe, expect, it } from 'vitest';
import { conditional, etagAfterWrite, type EtagSink } from './project-revision';

describe('a project copy’s revision', () => {
  it('takes the answer of its own write when no other write came between', () => {
    expect(etagAfterWrite('"6"', '"7"')).toBe('"7"');
  });

  it('keeps the old ETag when another write came between, or nothing is known', () => {
    expect(etagAfterWrite('"6"', '"8"')).toBe('"6"');
    expect(etagAfterWrite('"6"', null)).toBe('"6"');
    expect(etagAfterWrite(undefined, '"1"')).toBeUndefined();
    expect(etagAfterWrite('W/"6"', '"7"')).toBe('W/"6"');
  });

  it('sends If-Match only when it holds an ETag, and keeps the answer’s', () => {
    const sink: EtagSink = { etag: null };
    const options = conditional('"3"', sink);
    expect(options.headers).toEqual({ 'If-Match': '"3"' });
    options.onHeaders!(new Headers({ ETag: '"4"' }));
    expect(sink.etag).toBe('"4"');
    expect(conditional(undefined, sink).headers).toBeUndefined();
  });
});
