import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, configFields, loadConfig } from './config.js';

const schema = z.object({ DATABASE_URL: configFields.databaseUrl, PORT: configFields.port.default(0) });

describe('loadConfig', () => {
  it('names a missing variable', () => {
    expect(() => loadConfig('auth', schema, {})).toThrow(
      new ConfigError('auth: bad configuration: DATABASE_URL is required'),
    );
  });

  it('names an invalid variable and why', () => {
    expect(() => loadConfig('auth', schema, { DATABASE_URL: 'mysql://x/y' })).toThrow(
      /DATABASE_URL is invalid: must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig('auth', schema, { DATABASE_URL: 'postgres://h/db', PORT: '70000' })).toThrow(
      /PORT is invalid/,
    );
  });

  it('returns typed values with defaults', () => {
    expect(loadConfig('auth', schema, { DATABASE_URL: 'postgres://h/db' })).toEqual({
      DATABASE_URL: 'postgres://h/db',
      PORT: 0,
    });
  });
});
