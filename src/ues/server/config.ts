import { z } from 'zod';
import { MIN_ADMIN_KEY_LENGTH } from './auth/keys.js';

/** How the simulator process learns its admin secret (in the original's order of precedence). */
export type AdminKeySource =
  | { kind: 'given'; secret: string; from: 'flag' | 'env' }
  | { kind: 'file'; path: string }
  | { kind: 'generated' };

export const uesServerConfigSchema = z.object({
  host: z.string().min(1),
  port: z.number().int().min(0).max(65535),
  adminKey: z.custom<AdminKeySource>(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
});
export type UesServerConfig = z.infer<typeof uesServerConfigSchema>;

export interface UesCliFlags {
  host?: string;
  port?: string | number;
  adminKey?: string;
  adminKeyFile?: string;
  logLevel?: string;
}

export class UesConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UesConfigError';
  }
}

/** Builds the simulator's config from CLI flags and environment; flags win over env. */
export function resolveUesConfig(
  flags: UesCliFlags,
  env: Record<string, string | undefined>,
): UesServerConfig {
  const port = Number(flags.port ?? env.UES_PORT ?? 8000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UesConfigError(
      `--port must be an integer between 0 and 65535, got "${flags.port ?? env.UES_PORT}"`,
    );
  }
  let adminKey: AdminKeySource;
  const given = flags.adminKey ?? env.UES_ADMIN_KEY;
  if (given !== undefined && given !== '') {
    const from = flags.adminKey !== undefined ? '--admin-key' : 'UES_ADMIN_KEY';
    if (given.length < MIN_ADMIN_KEY_LENGTH) {
      throw new UesConfigError(
        `${from}: admin key secret must be at least ${MIN_ADMIN_KEY_LENGTH} characters long, got ${given.length}`,
      );
    }
    adminKey = { kind: 'given', secret: given, from: flags.adminKey !== undefined ? 'flag' : 'env' };
  } else if (flags.adminKeyFile ?? env.UES_ADMIN_KEY_FILE) {
    adminKey = { kind: 'file', path: (flags.adminKeyFile ?? env.UES_ADMIN_KEY_FILE)! };
  } else {
    adminKey = { kind: 'generated' };
  }
  const parsed = uesServerConfigSchema.safeParse({
    host: flags.host ?? env.UES_HOST ?? '127.0.0.1',
    port,
    adminKey,
    logLevel: flags.logLevel ?? env.UES_LOG_LEVEL ?? 'warn',
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UesConfigError(`invalid ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}
