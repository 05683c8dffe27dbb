// The infra tier's harness itself (@castbook/test-kit's src/infra-setup.ts): the servers it provides answer and
// do what the adapters need from them. Adapter behaviour is tested next to the adapters.
import { randomUUID } from 'node:crypto';
import { expect, inject, it } from 'vitest';
import kafkajs from 'kafkajs';
import * as Minio from 'minio';
import pg from 'pg';
import { createTestDatabase, infraDescribe, infraEnv } from '@castbook/test-kit';

infraDescribe('infra tier servers', () => {
  it('Kafka delivers a produced message to a consumer group', async () => {
    const kafka = new kafkajs.Kafka({
      clientId: 'harness-test',
      brokers: [inject('kafkaBrokers')],
      logLevel: kafkajs.logLevel.NOTHING,
    });
    const topic = `harness.${randomUUID()}`;
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
    await admin.disconnect();
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic, messages: [{ key: 'p1', value: 'hello' }] });
    await producer.disconnect();
    const consumer = kafka.consumer({ groupId: `harness-${randomUUID()}` });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    try {
      const value = await new Promise<string>((resolve) => {
        void consumer.run({ eachMessage: async ({ message }) => resolve(String(message.value)) });
      });
      expect(value).toBe('hello');
    } finally {
      await consumer.disconnect();
    }
  });

  it('MinIO stores and returns an object', async () => {
    const client = new Minio.Client(inject('minio'));
    const bucket = `harness-${randomUUID().slice(0, 8)}`;
    await client.makeBucket(bucket);
    await client.putObject(bucket, 'a.txt', Buffer.from('hello'));
    const chunks: Buffer[] = [];
    for await (const chunk of await client.getObject(bucket, 'a.txt')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
  });

  it('the PostgreSQL server creates databases on demand', async () => {
    const url = await createTestDatabase('harness');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
      expect(url.endsWith(`/${rows[0]!.db}`)).toBe(true);
    } finally {
      await client.end();
    }
  });

  it('infraEnv points targets at the provided servers', () => {
    const env = infraEnv();
    expect(env.KAFKA_BROKERS).toBe(inject('kafkaBrokers'));
    expect(env.MINIO_ENDPOINT).toBe(`http://${inject('minio').endPoint}:${inject('minio').port}`);
  });
});
