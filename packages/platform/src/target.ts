// A target is one runnable unit (a service or the gateway) that the launcher starts, Loki-style:
// `--target=all` runs every target in one process, `--target=auth,projects` a subset.
import type { Logger } from './logging/logger.js';
import type { EventBus } from './events/event-bus.js';
import type { BlobStore } from './storage/blob-store.js';

export interface TargetDeps {
  /** The environment this target reads its config from (the launcher sets DATABASE_URL, PORT, ... per target). */
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** Shared by every target of the process. */
  bus: EventBus;
  /** Shared by every target of the process. */
  blobs: BlobStore;
}

export interface RunningTarget {
  name: string;
  /** Base URL the target listens on, e.g. http://127.0.0.1:43117 */
  url: string;
  stop(): Promise<void>;
}

export interface Target {
  name: string;
  start(deps: TargetDeps): Promise<RunningTarget>;
}
