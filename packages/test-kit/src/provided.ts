// Values the infra tier's global setup (infra-setup.ts) hands to tests through vitest's
// provide/inject. `postgresUrl` is declared in provided-context.ts (shared with the integration tier).
declare module 'vitest' {
  export interface ProvidedContext {
    /** False when Kafka/MinIO are not installed (outside CI only): infra tests skip, see infra.ts. */
    infraAvailable: boolean;
    /** Bootstrap server of the tier's Kafka broker, "127.0.0.1:PORT". */
    kafkaBrokers: string;
    /** The tier's MinIO, in the shape of the `minio` client's options. */
    minio: { endPoint: string; port: number; useSSL: false; accessKey: string; secretKey: string };
  }
}
export {};
