import type { Logger } from 'pino';
import { createUesApp, type UesAppOptions } from './app.js';

export { createUesApp } from './app.js';
export type { UesApp, UesAppOptions } from './app.js';
export { AdminKeyError, MIN_ADMIN_KEY_LENGTH, ApiKeyRegistry } from './auth/keys.js';

export interface StartUesOptions extends Omit<UesAppOptions, 'logger'> {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  logger?: Logger;
}

export interface UesHandle {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  adminKeyId: string;
  close(): Promise<void>;
}

/** Starts a simulator in this process (the green agent and tests embed it this way). */
export async function startUes(options: StartUesOptions): Promise<UesHandle> {
  const { app, keys } = createUesApp(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    adminKeyId: keys.adminKeyId,
    close: () => app.close(),
  };
}
