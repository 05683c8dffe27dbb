// `npm run start:cluster`: the distributed topology as separate local processes, without Docker.
// PostgreSQL server, Kafka (KRaft) and MinIO from the local installs (`npm run infra:install`), then
// each service and the gateway as its own launcher process, wired with the same environment
// contract as docker-compose.yml. Ctrl-C stops services first, then the infrastructure; nothing is
// left running (see packages/test-kit/src/servers/processes.ts).
//
// Data is kept between runs in $CLUSTER_DATA_DIR (default ./.castbook/cluster). Infrastructure logs
// go to files there; service output is printed with a [name] prefix.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';
import {
  findInstall,
  REPO_ROOT,
  startKafka,
  startMinio,
  startPostgresServer,
  startProcess,
  stopAllProcesses,
  waitUntil,
  type ManagedProcess,
} from '@castbook/test-kit/servers';

const SERVICES = [
  { name: 'auth', port: 8081 },
  { name: 'projects', port: 8082 },
  { name: 'authors', port: 8083 },
  { name: 'analysis', port: 8084 },
  { name: 'billing', port: 8085 },
] as const;
const GATEWAY_PORT = Number(process.env.GATEWAY_PORT ?? 8080);
/** The gateway's Prometheus metrics (never on its public port); services answer /metrics on their own. */
const GATEWAY_METRICS_PORT = Number(process.env.GATEWAY_METRICS_PORT ?? 9080);
/** Analysis processes to run (the load test compares one and two). */
const ANALYSIS_INSTANCES = Math.max(1, Number(process.env.ANALYSIS_INSTANCES ?? 1));
// Fixed local dev credentials: the servers listen on 127.0.0.1 only, and MinIO/PostgreSQL keep
// their data between runs, so the credentials must stay the same too.
const PG_USER = 'postgres';
const PG_PASSWORD = 'castbook';
const MINIO_ACCESS_KEY = 'castbook';
const MINIO_SECRET_KEY = 'castbook-secret';

const colors = [31, 32, 33, 34, 35, 36, 91, 92, 93];
const tty = process.stdout.isTTY;
function say(line: string): void {
  process.stdout.write(`${tty ? '\x1b[1m' : ''}[cluster]${tty ? '\x1b[0m' : ''} ${line}\n`);
}
function prefixer(name: string, index: number): (line: string) => void {
  const tag = tty ? `\x1b[${colors[index % colors.length]}m[${name}]\x1b[0m` : `[${name}]`;
  return (line) => process.stdout.write(`${tag} ${line}\n`);
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return res.ok;
}

let shuttingDown = false;
async function shutdown(code: number, services: ManagedProcess[]): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true;
    say('stopping services ...');
    await Promise.all(services.map((s) => s.stop()));
    say('stopping PostgreSQL, Kafka and MinIO ...');
    await stopAllProcesses();
    say('stopped');
  }
  process.exit(code);
}

async function main() {
  const install = findInstall();
  if (install.missing) throw new Error(install.missing);
  const busy = [];
  for (const port of [GATEWAY_PORT, GATEWAY_METRICS_PORT, ...SERVICES.map((s) => s.port)]) {
    if (await portInUse(port)) busy.push(port);
  }
  if (busy.length) {
    throw new Error(
      `port(s) ${busy.join(', ')} already in use on 127.0.0.1 (is \`npm start\` or another cluster running?)`,
    );
  }

  const services: ManagedProcess[] = [];
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (shuttingDown) {
        say(`${signal} again: killing everything`);
        process.exit(130); // test-kit servers/processes.ts SIGKILLs every process group on exit
      }
      void shutdown(0, services);
    });
  }

  const dataDir = resolve(process.env.CLUSTER_DATA_DIR ?? join(REPO_ROOT, '.castbook', 'cluster'));
  await mkdir(dataDir, { recursive: true });
  say(`data in ${dataDir}; starting PostgreSQL, Kafka and MinIO ...`);
  const started = Date.now();
  const [postgres, kafka, minio] = await Promise.all([
    startPostgresServer({ dataDir: join(dataDir, 'postgres'), user: PG_USER, password: PG_PASSWORD }),
    startKafka({ dataDir: join(dataDir, 'kafka') }),
    startMinio({ dataDir: join(dataDir, 'minio'), accessKey: MINIO_ACCESS_KEY, secretKey: MINIO_SECRET_KEY }),
  ]);
  say(`PostgreSQL 127.0.0.1:${postgres.port}  (log ${postgres.logFile})`);
  say(`Kafka      ${kafka.brokers}  (log ${kafka.logFile})`);
  say(`MinIO      ${minio.url}  console ${minio.consoleUrl}  (log ${minio.logFile})`);
  say(`infrastructure ready in ${((Date.now() - started) / 1000).toFixed(1)}s; starting services ...`);

  const common: NodeJS.ProcessEnv = {
    ...process.env,
    EVENT_BUS: 'kafka',
    KAFKA_BROKERS: kafka.brokers,
    BLOB_STORE: 'minio',
    MINIO_ENDPOINT: minio.url,
    MINIO_ACCESS_KEY: minio.accessKey,
    MINIO_SECRET_KEY: minio.secretKey,
    AUTH_JWKS_URL: 'http://127.0.0.1:8081/.well-known/jwks.json',
    // Zero trust between the processes: each asks auth about sessions it has not seen, with a
    // service credential signed with this secret (one per run unless given); auth's internal route
    // answers only the callers listed here.
    AUTH_URL: 'http://127.0.0.1:8081',
    SERVICE_SECRET: process.env.SERVICE_SECRET ?? randomBytes(32).toString('base64url'),
    INTERNAL_CALLERS:
      process.env.INTERNAL_CALLERS ?? '/internal/sessions/:sessionId=gateway,projects,authors,analysis,billing',
    // projects calls authors and billing, authors calls billing, when their read models have not caught up yet.
    AUTHORS_URL: 'http://127.0.0.1:8083',
    BILLING_URL: 'http://127.0.0.1:8085',
    DATA_DIR: dataDir,
  };
  // POSTGRES_URL would make a launcher run its own database plan; each process gets DATABASE_URL only.
  delete common.POSTGRES_URL;

  const launch = (name: string, env: NodeJS.ProcessEnv, index: number, target = name) => {
    const proc = startProcess({
      name,
      command: process.execPath,
      args: ['--conditions=@castbook/source', '--import', 'tsx', 'launcher/src/main.ts', `--target=${target}`],
      cwd: REPO_ROOT,
      env,
      onLine: prefixer(name, index),
      stopSignal: 'SIGTERM',
      stopTimeoutMs: 15_000,
    });
    services.push(proc);
    // One service dying takes the cluster down, like a failed container with no restart policy:
    // a half-running cluster only confuses.
    void proc.exited.then((code) => {
      if (shuttingDown) return;
      say(`${name} exited (${code}); stopping the cluster`);
      void shutdown(1, services);
    });
    return proc;
  };

  SERVICES.forEach(({ name, port }, i) => {
    launch(name, { ...common, PORT: String(port), DATABASE_URL: postgres.urlFor(`castbook_${name}`) }, i);
  });
  // More analysis processes share its database and Kafka group (jobs spread over them); the gateway
  // keeps talking to the first, which answers progress from the shared job table.
  const analysisPort = SERVICES.find((s) => s.name === 'analysis')!.port;
  for (let n = 2; n <= ANALYSIS_INSTANCES; n++) {
    const env = {
      ...common,
      PORT: String(analysisPort + 10 * (n - 1)),
      DATABASE_URL: postgres.urlFor('castbook_analysis'),
    };
    launch(`analysis-${n}`, env, SERVICES.length + n, 'analysis');
  }
  const gatewayEnv: NodeJS.ProcessEnv = {
    ...common,
    PORT: String(GATEWAY_PORT),
    METRICS_PORT: String(GATEWAY_METRICS_PORT),
  };
  for (const { name, port } of SERVICES) gatewayEnv[`${name.toUpperCase()}_URL`] = `http://127.0.0.1:${port}`;
  const frontend = join(REPO_ROOT, 'frontend', 'dist');
  if (existsSync(frontend) && !gatewayEnv.FRONTEND_DIR) gatewayEnv.FRONTEND_DIR = frontend;
  launch('gateway', gatewayEnv, SERVICES.length);

  const health = `http://127.0.0.1:${GATEWAY_PORT}/api/health`;
  try {
    await waitUntil('the cluster', () => httpOk(health), { timeoutMs: 180_000, intervalMs: 500 });
    say(`Castbook is up at http://localhost:${GATEWAY_PORT} (all services ready; Ctrl-C stops everything)`);
  } catch {
    if (shuttingDown) return;
    const body = await fetch(health)
      .then((r) => r.text())
      .catch((e: Error) => e.message);
    say(`not all services are ready after 180s; still running. ${health}: ${body}`);
  }
}

main().catch(async (err: Error) => {
  process.stderr.write(`start:cluster: ${err.message}\n`);
  await stopAllProcesses();
  process.exit(1);
});
