import type { Express, Request, Response } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import type { Agent, request } from 'undici';
import type { UesProxyRegistry } from './ues-proxy-registry.js';
import { transientFailureBody } from './ues-proxy-noise.js';

export { UesProxyRegistry } from './ues-proxy-registry.js';

/**
 * The purple reaches its context's UES through the green's own public URL:
 * `<public url>/ues/<contextId>/<UES path>` is forwarded to that context's loopback UES. The UES
 * itself only listens on 127.0.0.1, so a purple in another container (or behind the AgentBeats
 * gateway) can still use it, and no loopback URL is ever handed out.
 */

export const UES_PROXY_PREFIX = '/ues';

/** Request headers forwarded upstream; everything else (cookies, hop-by-hop headers) stays here. */
const FORWARDED_REQUEST_HEADERS = ['x-api-key', 'authorization', 'content-type', 'content-length', 'accept'];
/** The headers that carry the purple's key: the only ones a forwarded WebSocket upgrade keeps. */
export const KEY_HEADERS = ['x-api-key', 'authorization'] as const;
/** Response headers not copied back: they describe the upstream connection, not the answer. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The UES URL a purple is given: `<public base>/ues/<contextId>` (no trailing slash). */
export function uesProxyUrl(publicBaseUrl: string, contextId: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${UES_PROXY_PREFIX}/${encodeURIComponent(contextId)}`;
}

export interface UesProxyHandle {
  /** Closes the pooled upstream connections. */
  close(): Promise<void>;
}

/**
 * Mounts the proxy on an express app. It must run before any body parser: the raw request body is
 * streamed upstream untouched, and the answer is streamed back.
 */
export function mountUesProxy(app: Express, registry: UesProxyRegistry, logger?: Logger): UesProxyHandle {
  // The HTTP client comes with the first proxied request: a green serving its card needs none.
  let upstream: Promise<Upstream> | undefined;
  const connect = (): Promise<Upstream> =>
    (upstream ??= import('undici').then((undici) => ({
      request: undici.request,
      dispatcher: new undici.Agent({ keepAliveTimeout: 10_000 }),
    })));
  app.use(UES_PROXY_PREFIX, (req, res) => {
    void forward(req, res, registry, connect, logger);
  });
  return {
    close: async () => {
      if (upstream !== undefined) await (await upstream).dispatcher.close();
    },
  };
}

/** How requests reach the simulators: undici's `request` over one pool of connections. */
interface Upstream {
  request: typeof request;
  dispatcher: Agent;
}

/** A proxied path, relative to the prefix: `/<contextId>/<UES path>?<query>`. */
export interface ProxyPath {
  /** Undefined when the path names no context. */
  contextId: string | undefined;
  /** The UES path and query, e.g. `/email/state?x=1`. */
  rest: string;
}

export function parseProxyPath(relativeUrl: string): ProxyPath {
  const match = /^\/([^/?]+)(\/[^?]*)?(\?.*)?$/.exec(relativeUrl);
  return {
    contextId: match?.[1] === undefined ? undefined : safeDecode(match[1]),
    rest: `${match?.[2] ?? '/'}${match?.[3] ?? ''}`,
  };
}

/** Why the proxy refuses a request it cannot forward (404: no such context; 403: access closed). */
export function refusalDetail(contextId: string | undefined, closedBecause?: string): string {
  if (closedBecause !== undefined)
    return `this UES no longer accepts the assistant's requests: ${closedBecause}`;
  return contextId === undefined
    ? `UES proxy paths look like ${UES_PROXY_PREFIX}/<contextId>/<path>`
    : `no UES is running for context ${JSON.stringify(contextId)} (it may have finished)`;
}

async function forward(
  req: Request,
  res: Response,
  registry: UesProxyRegistry,
  connect: () => Promise<Upstream>,
  logger: Logger | undefined,
): Promise<void> {
  // req.url is relative to the mount point: `/<contextId>/<path>?<query>`.
  const { contextId, rest } = parseProxyPath(req.url);
  const admission = contextId === undefined ? ({ kind: 'unknown' } as const) : registry.admit(contextId);
  if (admission.kind === 'unknown') {
    res.status(404).json({ detail: refusalDetail(contextId) });
    return;
  }
  if (admission.kind === 'closed') {
    req.resume();
    res.status(403).json({ detail: refusalDetail(contextId, admission.reason) });
    return;
  }
  const admitted = admission.request;
  const fault = registry.faultFor(contextId!, req.method, rest);
  if (fault?.kind === 'transient_failure') {
    const retryAfter = registry.retryAfterSeconds(contextId!);
    req.resume();
    res.setHeader('Retry-After', String(retryAfter));
    res.status(503).json(transientFailureBody(retryAfter));
    admitted.done();
    return;
  }
  if (fault?.kind === 'slow') await sleep(fault.delay_ms ?? 0, admitted.signal);
  const target = `${admitted.upstream}${rest}`;
  const controller = new AbortController();
  const onCutOff = (): void => controller.abort(admitted.signal.reason);
  admitted.signal.addEventListener('abort', onCutOff, { once: true });
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
    admitted.signal.removeEventListener('abort', onCutOff);
    admitted.done();
  });
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  try {
    const { request, dispatcher } = await connect();
    const answer = await request(target, {
      method: req.method as 'GET',
      headers: pickHeaders(req.headers),
      ...(hasBody ? { body: req } : {}),
      signal: controller.signal,
      dispatcher,
    });
    res.status(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) res.setHeader(name, value);
    }
    await pipeline(answer.body, res);
  } catch (error) {
    if (controller.signal.aborted) {
      if (admitted.signal.aborted && !res.headersSent) {
        res.status(503).json({ detail: `the request was cut off: ${String(admitted.signal.reason)}` });
      } else if (!res.writableEnded) {
        res.destroy();
      }
      return;
    }
    logger?.warn({ err: error, contextId, target }, 'UES proxy request failed');
    if (!res.headersSent) {
      res.status(502).json({
        detail: `the UES for context ${JSON.stringify(contextId)} did not answer: ${(error as Error).message}`,
      });
    } else {
      res.destroy(error as Error);
    }
  }
}

/** Waits `ms`, or less when `signal` aborts (access closed: the request is then cut off anyway). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

function pickHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
