import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiKey, ApiKeyRegistry } from '../auth/keys.js';
import type { AccessLog } from '../core/access-log.js';
import { hasPermission } from '../auth/permissions.js';
import type { SimulationEngine } from '../core/engine.js';
import { UesError, UesValidationError, type ValidationIssue } from '../core/errors.js';
import type { WebhookDispatcher } from '../notify/webhooks/dispatcher.js';
import type { WebhookRegistry } from '../notify/webhooks/registry.js';
import type { LoggedRequest } from './access-logging.js';
import { unknownFieldIssues } from './unknown-fields.js';
import { toValidationIssues } from './validation.js';
import { withIds } from '../core/ids.js';

export interface UesContext {
  engine: SimulationEngine;
  keys: ApiKeyRegistry;
  accessLog: AccessLog;
  notifications: { webhooks: WebhookRegistry; dispatcher: WebhookDispatcher };
}

export interface RouteSpec<B, Q, P> {
  /** Required permission, or null for a public route. */
  permission: string | null;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
}

export interface RouteRequest<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** The authenticated caller; the admin-less public routes get null. */
  key: ApiKey;
  reply: FastifyReply;
  raw: FastifyRequest;
}

export type RouteHandler<B, Q, P> = (request: RouteRequest<B, Q, P>) => unknown;

export interface RouteInfo {
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH';
  path: string;
  permission: string | null;
  /** The body and query-string schemas, so documentation can be derived from what is enforced. */
  body?: z.ZodType;
  query?: z.ZodType;
}

/**
 * Registers routes with the original's order of checks: authentication (401), permission (403),
 * then validation of path, query and body (422). Every route is recorded so tests can walk them all.
 */
export class UesRouter {
  readonly routes: RouteInfo[] = [];

  constructor(
    readonly app: FastifyInstance,
    readonly context: UesContext,
  ) {}

  get<B = unknown, Q = unknown, P = unknown>(
    path: string,
    spec: RouteSpec<B, Q, P>,
    handler: RouteHandler<B, Q, P>,
  ): void {
    this.add('GET', path, spec, handler);
  }

  post<B = unknown, Q = unknown, P = unknown>(
    path: string,
    spec: RouteSpec<B, Q, P>,
    handler: RouteHandler<B, Q, P>,
  ): void {
    this.add('POST', path, spec, handler);
  }

  delete<B = unknown, Q = unknown, P = unknown>(
    path: string,
    spec: RouteSpec<B, Q, P>,
    handler: RouteHandler<B, Q, P>,
  ): void {
    this.add('DELETE', path, spec, handler);
  }

  patch<B = unknown, Q = unknown, P = unknown>(
    path: string,
    spec: RouteSpec<B, Q, P>,
    handler: RouteHandler<B, Q, P>,
  ): void {
    this.add('PATCH', path, spec, handler);
  }

  private add<B, Q, P>(
    method: RouteInfo['method'],
    path: string,
    spec: RouteSpec<B, Q, P>,
    handler: RouteHandler<B, Q, P>,
  ): void {
    this.routes.push({
      method,
      path,
      permission: spec.permission,
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.query ? { query: spec.query } : {}),
    });
    this.app.route({
      method,
      url: path,
      handler: async (request, reply) => {
        const key =
          spec.permission === null ? (null as unknown as ApiKey) : this.authorize(request, spec.permission);
        // A body schema may fill in a missing id (an attachment's): from the simulation's source.
        const { params, query, body } = withIds(this.context.engine.ids, () =>
          validateRequest(spec, request),
        );
        const result = await handler({ body, query, params, key, reply, raw: request });
        if (reply.sent) return reply;
        return result;
      },
    });
  }

  private authorize(request: FastifyRequest, permission: string): ApiKey {
    const header = request.headers['x-api-key'];
    const secret = Array.isArray(header) ? header[0] : header;
    if (!secret) throw new UesError(401, 'API key required. Provide X-API-Key header.');
    const key = this.context.keys.authenticate(secret);
    if (!key) throw new UesError(401, 'Invalid or revoked API key.');
    // Known before the permission check, so refused calls are attributed to their key in the access log.
    (request as LoggedRequest).uesKey = key;
    if (!hasPermission(key.permissions, permission)) {
      throw new UesError(403, `Permission denied. Required permission: ${permission}`);
    }
    return key;
  }
}

/**
 * Path, query and body parsed by the route's schemas, or one 422 listing every problem: fields the
 * schemas do not have (refused, never silently dropped) and values they reject.
 */
function validateRequest<B, Q, P>(
  spec: RouteSpec<B, Q, P>,
  request: FastifyRequest,
): { params: P; query: Q; body: B } {
  const issues: ValidationIssue[] = [];
  const parse = <T>(
    schema: z.ZodType<T> | undefined,
    value: unknown,
    location: 'path' | 'query' | 'body',
  ): T => {
    if (location !== 'path') issues.push(...unknownFieldIssues(schema, value, location));
    if (schema === undefined) return value as T;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    issues.push(...toValidationIssues(result.error, location));
    return undefined as T;
  };
  const params = parse(spec.params, request.params, 'path');
  const query = parse(spec.query, request.query ?? {}, 'query');
  const body = parse(spec.body, request.body, 'body');
  if (issues.length > 0) throw new UesValidationError(issues);
  return { params, query, body };
}
