// A single-node Kafka in KRaft combined mode (broker + controller in one JVM) from the jars that
// infra/scripts/install.sh put in the cache. No ZooKeeper, no Docker.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import kafkajs from 'kafkajs';
import { findKafkaHome, freePort, INFRA_DIR, javaBinary } from './paths.js';
import { logTail, startProcess, waitUntil, withTempDirRemoval, type ManagedProcess } from './processes.js';

export interface KafkaOptions {
  /** Broker data and logs; kept between runs when given, a temp dir otherwise. */
  dataDir?: string;
  /** Client port (default: a free one). */
  port?: number;
  /** JVM heap, e.g. '512m' (default). */
  heap?: string;
  /** Partitions of auto-created topics (default 3, so consumer groups can spread). */
  partitions?: number;
  /** Print warnings and errors of the broker with this function (default: only to the log file). */
  onLine?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  startTimeoutMs?: number;
}

export interface RunningKafka {
  /** Bootstrap servers for clients, e.g. "127.0.0.1:41234". */
  brokers: string;
  port: number;
  dataDir: string;
  /** The broker's full log (server.log); stdout/stderr go to kafka.out beside it. */
  logFile: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/** A Kafka cluster id: 16 random bytes, base64url without padding, as `kafka-storage random-uuid`. */
export function kafkaClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id; // Kafka rejects ids that look like a command-line flag
  }
}

function serverProperties(o: { dataDir: string; port: number; controllerPort: number; partitions: number }): string {
  return `# Written by packages/test-kit/src/servers/kafka.ts on every start; edit that file, not this one.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:${o.controllerPort}
listeners=PLAINTEXT://127.0.0.1:${o.port},CONTROLLER://127.0.0.1:${o.controllerPort}
advertised.listeners=PLAINTEXT://127.0.0.1:${o.port}
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=${join(o.dataDir, 'data')}
# One node: internal topics cannot be replicated.
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
# Few partitions for internal topics: 50 (the default) make the first consumer group join slow.
offsets.topic.num.partitions=5
transaction.state.log.num.partitions=5
auto.create.topics.enable=true
num.partitions=${o.partitions}
# A consumer group rebalances at once instead of waiting 3 s for more members (tests, dev).
group.initial.rebalance.delay.ms=0
`;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolveRun(out) : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${out}`)),
    );
  });
}

/** A quiet admin client that fails at once instead of retrying: the caller does the waiting. */
function probeAdmin(brokers: string): kafkajs.Admin {
  return new kafkajs.Kafka({
    clientId: 'castbook-infra-probe',
    brokers: [brokers],
    logLevel: kafkajs.logLevel.NOTHING,
    connectionTimeout: 1000,
    retry: { retries: 0 },
  }).admin();
}

/** True when a broker at `brokers` answers a metadata request. */
export async function kafkaAnswers(brokers: string): Promise<boolean> {
  const admin = probeAdmin(brokers);
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    return cluster.brokers.length > 0 && cluster.controller !== null;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/**
 * Waits until the group coordinator answers. The first FindCoordinator request creates the
 * __consumer_offsets topic; doing it here keeps the first consumer group of a test or service from
 * logging "coordinator not available" errors while that topic is created. One client throughout:
 * a fresh client's first request fails before it has loaded metadata.
 */
async function waitForGroupCoordinator(brokers: string, proc: ManagedProcess, timeoutMs: number): Promise<void> {
  const admin = probeAdmin(brokers);
  try {
    await admin.connect();
    await waitUntil(
      `Kafka group coordinator on ${brokers}`,
      async () => {
        await admin.describeGroups(['castbook-infra-warmup']);
        return true;
      },
      { timeoutMs, process: proc },
    );
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

async function startOnce(options: KafkaOptions, kafkaHome: string, dataDir: string): Promise<RunningKafka> {
  const env = options.env ?? process.env;
  const port = options.port ?? (await freePort());
  let controllerPort = await freePort();
  while (controllerPort === port) controllerPort = await freePort();
  const propsFile = join(dataDir, 'server.properties');
  await writeFile(propsFile, serverProperties({ dataDir, port, controllerPort, partitions: options.partitions ?? 3 }));

  const java = javaBinary(env);
  const classpath = `${join(kafkaHome, 'libs')}/*`;
  const logsDir = join(dataDir, 'logs');
  await mkdir(logsDir, { recursive: true });
  // Format once per data dir; --ignore-formatted makes a restart on kept data a no-op.
  if (!existsSync(join(dataDir, 'data', 'meta.properties'))) {
    await run(
      java,
      [
        `-Dlog4j.configuration=file:${join(INFRA_DIR, 'kafka', 'tools-log4j.properties')}`,
        '-cp',
        classpath,
        'kafka.tools.StorageTool',
        'format',
        '--ignore-formatted',
        '-t',
        kafkaClusterId(),
        '-c',
        propsFile,
      ],
      env,
    );
  }

  const outFile = join(logsDir, 'kafka.out');
  const proc = startProcess({
    name: 'kafka',
    command: java,
    args: [
      `-Xmx${options.heap ?? '512m'}`,
      '-Xms128m',
      '-XX:+UseG1GC',
      // C1 only: a broker started for tests or a local cluster lives minutes, and in those minutes
      // the C2 compiler was most of its CPU (10 of 13 core-seconds through a 60-book load test on 2
      // cores); the requests it serves here need no peak-optimised code. docker-compose.yml keeps the
      // JVM's defaults for long-lived brokers.
      '-XX:TieredStopAtLevel=1',
      '-Djava.awt.headless=true',
      `-Dkafka.logs.dir=${logsDir}`,
      `-Dlog4j.configuration=file:${join(INFRA_DIR, 'kafka', 'log4j.properties')}`,
      '-cp',
      classpath,
      'kafka.Kafka',
      propsFile,
    ],
    env,
    logFile: outFile,
    onLine: options.onLine,
    stopSignal: 'SIGTERM', // the JVM's shutdown hook does a controlled shutdown
    stopTimeoutMs: 30_000,
  });
  const brokers = `127.0.0.1:${port}`;
  try {
    await waitUntil(`Kafka on ${brokers}`, () => kafkaAnswers(brokers), {
      timeoutMs: options.startTimeoutMs ?? 90_000,
      process: proc,
      logFile: outFile,
    });
    await waitForGroupCoordinator(brokers, proc, options.startTimeoutMs ?? 90_000);
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return { brokers, port, dataDir, logFile: join(logsDir, 'server.log'), process: proc, stop: () => proc.stop() };
}

/** Formats (first time) and starts a KRaft broker+controller, resolving once a client gets metadata. */
export async function startKafka(options: KafkaOptions = {}): Promise<RunningKafka> {
  const kafkaHome = findKafkaHome(options.env);
  if (!kafkaHome) throw new Error('Kafka is not installed: run `npm run infra:install`');
  const dataDir = resolve(options.dataDir ?? (await mkdtemp(join(tmpdir(), 'castbook-kafka-'))));
  await mkdir(dataDir, { recursive: true });
  // A port picked as free can be taken before the JVM binds it; that start fails fast, try again.
  for (let attempt = 1; ; attempt++) {
    try {
      const kafka = await startOnce(options, kafkaHome, dataDir);
      return options.dataDir ? kafka : withTempDirRemoval(kafka, dataDir);
    } catch (err) {
      const portClash = /Address already in use|BindException/.test(String((err as Error).message));
      if (!portClash || options.port || attempt >= 3) {
        throw new Error(`${(err as Error).message}${logTail(join(dataDir, 'logs', 'server.log'), 15)}`);
      }
    }
  }
}
