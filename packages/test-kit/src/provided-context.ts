// Values the test tiers' global setups hand to tests through vitest's provide/inject.
declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL (database `postgres`) of the tier's PostgreSQL server. */
    postgresUrl: string;
  }
}
export {};
