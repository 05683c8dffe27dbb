// Where each service's database lives. One process running several services gets one database per
// service on a shared server: POSTGRES_URL when given, otherwise an embedded PostgreSQL under
// DATA_DIR. A process running a single service uses DATABASE_URL as given (required then).
import { join } from 'node:path';
import { startEmbeddedPostgres, type Logger, type RunningPostgres } from '@castbook/platform';

export interface DatabasePlan {
  urlFor(service: string): string | undefined;
  stop(): Promise<void>;
}

export async function planDatabases(
  env: NodeJS.ProcessEnv,
  services: string[],
  dataDir: string,
  logger: Logger,
): Promise<DatabasePlan> {
  if (services.length === 0) return { urlFor: () => undefined, stop: async () => {} };
  if (services.length === 1 && !env.POSTGRES_URL) {
    return { urlFor: () => env.DATABASE_URL, stop: async () => {} };
  }
  if (env.POSTGRES_URL) {
    const server = new URL(env.POSTGRES_URL);
    return {
      urlFor: (service) => {
        const url = new URL(server);
        url.pathname = `/castbook_${service}`;
        return url.toString();
      },
      stop: async () => {},
    };
  }
  const pg: RunningPostgres = await startEmbeddedPostgres({ dataDir: join(dataDir, 'postgres'), logger });
  return { urlFor: (service) => pg.urlFor(`castbook_${service}`), stop: () => pg.stop() };
}
