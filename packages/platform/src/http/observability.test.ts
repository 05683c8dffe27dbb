// The access log writes the path a request asked for, never its query: signed URLs (a voice sample's
// playUrl carries its signature there, issue 17) must not leave a usable credential in any log line.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.js';
import { createHttpService, HttpError } from './server.js';

describe('access log', () => {
  it('logs the path without the query, for answered, refused, failed and unrouted requests', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const app = await createHttpService({
      name: 'test',
      logger: createLogger('test', 'info', 'json', sink),
      readiness: {},
    });
    app.get('/api/upload/audio/:name', async (req) => {
      const { name } = req.params as { name: string };
      if (name === 'refused') throw new HttpError(403, 'no');
      if (name === 'broken') throw new Error('boom');
      return { ok: true };
    });
    const query = '?user=u1&expires=1764090000&signature=5ec2e7deadbeef';
    for (const name of ['a.wav', 'refused', 'broken']) {
      await app.inject({ method: 'GET', url: `/api/upload/audio/${name}${query}` });
    }
    await app.inject({ method: 'GET', url: `/nowhere${query}` });
    await app.close();

    const access = lines.map((l) => JSON.parse(l) as { http?: { url: string; status: number } }).filter((l) => l.http);
    expect(access.map((l) => [l.http!.url, l.http!.status])).toEqual([
      ['/api/upload/audio/a.wav', 200],
      ['/api/upload/audio/refused', 403],
      ['/api/upload/audio/broken', 500],
      ['/nowhere', 404],
    ]);
    expect(lines.length).toBeGreaterThan(access.length); // the 500's error line too
    expect(lines.filter((l) => l.includes('5ec2e7deadbeef'))).toEqual([]);
  });
});
