// Each service validates its environment with zod at boot and refuses to start with one clear line
// naming the bad variable.
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function loadConfig<S extends z.ZodObject>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => {
    const name = i.path.join('.') || '(environment)';
    return env[String(i.path[0])] === undefined ? `${name} is required` : `${name} is invalid: ${i.message}`;
  });
  throw new ConfigError(`${service}: bad configuration: ${problems.join('; ')}`);
}

/** Shared pieces of service configuration. */
export const configFields = {
  port: z.coerce.number().int().min(0).max(65535),
  databaseUrl: z
    .string()
    .url()
    .refine((u) => /^postgres(ql)?:/.test(u), 'must be a postgres:// URL'),
  host: z.string().default('127.0.0.1'),
};
