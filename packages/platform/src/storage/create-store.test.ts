import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { blobStoreConfig, createBlobStore } from './create-store.js';
import { DiskBlobStore } from './disk-store.js';
import { MinioBlobStore } from './minio-store.js';

const minio = {
  BLOB_STORE: 'minio',
  MINIO_ENDPOINT: 'http://127.0.0.1:9000',
  MINIO_ACCESS_KEY: 'access',
  MINIO_SECRET_KEY: 'secret',
};

describe('blob store configuration', () => {
  it('defaults to local disk under ./.castbook/files', () => {
    expect(blobStoreConfig({})).toEqual({ kind: 'disk', root: './.castbook/files' });
    expect(blobStoreConfig({ BLOB_STORE: '', BLOB_DIR: '/data/files' })).toEqual({ kind: 'disk', root: '/data/files' });
  });

  it('reads host, port and TLS from MINIO_ENDPOINT', () => {
    expect(blobStoreConfig({ ...minio, MINIO_BUCKET_PREFIX: 'test-1-' })).toEqual({
      kind: 'minio',
      endPoint: '127.0.0.1',
      port: 9000,
      useSSL: false,
      accessKey: 'access',
      secretKey: 'secret',
      bucketPrefix: 'test-1-',
    });
    expect(blobStoreConfig({ ...minio, MINIO_ENDPOINT: 'https://s3.example.com' })).toMatchObject({
      endPoint: 's3.example.com',
      port: 443,
      useSSL: true,
      bucketPrefix: '',
    });
  });

  it.each([
    [{ BLOB_STORE: 'minio' }, /MINIO_ENDPOINT is required when BLOB_STORE=minio/],
    [
      { ...minio, MINIO_SECRET_KEY: '' },
      /^blob store: bad configuration: MINIO_SECRET_KEY is required when BLOB_STORE=minio$/,
    ],
    [{ ...minio, MINIO_ENDPOINT: 'minio:9000' }, /MINIO_ENDPOINT is invalid: must start with http/],
    [{ ...minio, MINIO_ENDPOINT: '127.0.0.1:9000' }, /MINIO_ENDPOINT is invalid: '127.0.0.1:9000' is not a URL/],
    [{ ...minio, MINIO_ENDPOINT: 'not a url' }, /MINIO_ENDPOINT is invalid/],
    [
      { ...minio, MINIO_ENDPOINT: 'http://minio:9000/bucket' },
      /MINIO_ENDPOINT is invalid: must be scheme, host and port only/,
    ],
    [{ ...minio, MINIO_BUCKET_PREFIX: 'Upper_' }, /MINIO_BUCKET_PREFIX is invalid/],
    [{ BLOB_STORE: 's3' }, /BLOB_STORE is invalid/],
  ])('refuses %j with a line naming the variable', (env, message) => {
    expect(() => blobStoreConfig(env)).toThrow(ConfigError);
    expect(() => blobStoreConfig(env)).toThrow(message);
  });

  it('builds the chosen store without connecting', async () => {
    const logger = createLogger('test', 'silent');
    expect(createBlobStore({}, logger)).toBeInstanceOf(DiskBlobStore);
    const store = createBlobStore(minio, logger);
    expect(store).toBeInstanceOf(MinioBlobStore);
    await store.stop();
  });
});
