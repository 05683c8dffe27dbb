// bench:shutdown — how long a launcher process takes to exit on SIGTERM while clients hold
// connections. The Hardening issue's goal: ≤ 10 s (it was 53 s with one keep-alive connection: a
// connection that never sent a request kept the process up until Node's headersTimeout reaped it).
// 1. Embedded mode, all targets: a keep-alive connection, an unused one and a login in flight whose
//    body ends 500 ms after the signal, all on the gateway.
// 2. One service per process on Kafka and a PostgreSQL server, as `start:cluster` runs it (when
//    `npm run infra:install` has been run): analysis (consumers, job runner, outbox relay), with a
//    keep-alive and an unused connection on its port.
// Prints figures; never fails on timing. ROUNDS (default 3) runs of each.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findInstall, startInfra } from '@castbook/test-kit/servers';
import { runShutdownScenario, type ShutdownRun } from '../test/shutdown-scenario.js';

const rounds = Number(process.env.ROUNDS ?? 3);

function report(i: number, run: ShutdownRun) {
  const inFlight = run.inFlight
    ? `; in-flight login answered ${run.inFlight.status}${run.inFlight.connectionClose ? ' (Connection: close)' : ''}`
    : '';
  console.log(
    `round ${i}: exit ${run.code ?? run.signal} after ${run.exitMs} ms; keep-alive closed at ` +
      `${run.keepAliveClosedMs ?? '-'} ms, unused at ${run.unusedClosedMs ?? '-'} ms${inFlight}; ` +
      `left behind: ${run.leftBehind.length}`,
  );
}

function summary(exits: number[]) {
  exits.sort((a, b) => a - b);
  console.log(
    `SIGTERM → exit: median ${exits[Math.floor(exits.length / 2)]} ms, max ${exits.at(-1)} ms (goal ≤ 10,000 ms)\n`,
  );
}

console.log('bench:shutdown — embedded mode, all targets; SIGTERM with 3 connections held');
const embedded: number[] = [];
for (let i = 1; i <= rounds; i++) {
  const run = await runShutdownScenario();
  embedded.push(run.exitMs);
  report(i, run);
}
summary(embedded);

const install = findInstall();
if (install.missing) {
  console.log(`one service per process on Kafka: skipped (${install.missing}; npm run infra:install)`);
} else {
  console.log('bench:shutdown — analysis alone on Kafka + a PostgreSQL server; SIGTERM with 2 connections held');
  const infra = await startInfra({ minio: false });
  const blobDir = await mkdtemp(join(tmpdir(), 'castbook-shutdown-blobs-'));
  try {
    const single: number[] = [];
    for (let i = 1; i <= rounds; i++) {
      const run = await runShutdownScenario({
        single: {
          target: 'analysis',
          env: {
            DATABASE_URL: infra.postgres!.urlFor('castbook_analysis'),
            EVENT_BUS: 'kafka',
            KAFKA_BROKERS: infra.kafka!.brokers,
            BLOB_STORE: 'disk',
            BLOB_DIR: blobDir,
            AUTH_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
            SERVICE_SECRET: 'shutdown-bench-secret-shutdown-bench-secret',
          },
        },
      });
      single.push(run.exitMs);
      report(i, run);
      if (run.code !== 0) console.log(run.stderr.slice(-2000));
    }
    summary(single);
  } finally {
    await infra.stop();
    await rm(blobDir, { recursive: true, force: true });
  }
}
