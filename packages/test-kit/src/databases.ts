// Test helper: a fresh, uniquely named database on the tier's PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { ensureDatabase } from '@castbook/platform';

export async function createTestDatabase(prefix = 'test'): Promise<string> {
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${prefix.replace(/[^a-z0-9_]/g, '_')}_${randomBytes(5).toString('hex')}`;
  await ensureDatabase(url.toString());
  return url.toString();
}
