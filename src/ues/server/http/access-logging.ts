import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKey } from '../auth/keys.js';
import type { AccessLog } from '../core/access-log.js';
import type { WallClock } from '../core/clock.js';

const UNLOGGED_PATHS = new Set(['/', '/health', '/docs', '/redoc', '/openapi.json', '/ws']);

/** The key a request authenticated with (set by the router) and the error it raised, if any. */
export interface LoggedRequest extends FastifyRequest {
  uesKey?: ApiKey;
  uesErrorDetail?: string;
}

/** Records every request except health, root and docs, with the key that made it. */
export function installAccessLogging(app: FastifyInstance, log: AccessLog, wallClock: WallClock): void {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    if (UNLOGGED_PATHS.has(path) || path.startsWith('/docs/') || path.startsWith('/redoc/')) return;
    const logged = request as LoggedRequest;
    const userAgent = request.headers['user-agent'];
    log.record({
      timestamp: wallClock(),
      method: request.method,
      path,
      status_code: reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime * 1000) / 1000,
      client_ip: request.ip ?? null,
      user_agent: typeof userAgent === 'string' ? userAgent : null,
      key_id: logged.uesKey?.key_id ?? null,
      key_name: logged.uesKey?.name ?? null,
      error_detail: logged.uesErrorDetail ?? null,
    });
  });
}
