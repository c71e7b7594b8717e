import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createUesApp, type UesApp, type UesAppOptions } from '../../src/ues/server/app.js';
import { parseTime } from '../../src/ues/server/core/time.js';

export const TEST_START = '2025-01-01T12:00:00Z';

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestUes {
  url: string;
  adminKey: string;
  ues: UesApp;
  /** Calls the simulator over real HTTP; `key: null` sends no X-API-Key header. */
  call<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; key?: string | null; contentType?: string },
  ): Promise<CallResult<T>>;
  /** Creates a key with the given permissions and returns its secret and id. */
  createKey(permissions: string[], name?: string): Promise<{ secret: string; keyId: string }>;
  close(): Promise<void>;
}

/**
 * A real simulator on a random loopback port, started and with its clock at TEST_START (as the
 * original's API test fixture does).
 */
export async function startTestUes(
  options: { start?: string; running?: boolean; app?: Partial<UesAppOptions> } = {},
): Promise<TestUes> {
  const adminKey = randomBytes(32).toString('hex');
  const ues = createUesApp({ ...options.app, adminKey, startTime: parseTime(options.start ?? TEST_START)! });
  await ues.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ues.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const call: TestUes['call'] = async (method, path, callOptions = {}) => {
    const key = callOptions.key === undefined ? adminKey : callOptions.key;
    const headers: Record<string, string> = {};
    if (key !== null) headers['x-api-key'] = key;
    let body: string | undefined;
    if (callOptions.rawBody !== undefined) body = callOptions.rawBody;
    else if (callOptions.body !== undefined) body = JSON.stringify(callOptions.body);
    if (body !== undefined) headers['content-type'] = callOptions.contentType ?? 'application/json';
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Leave non-JSON bodies as text.
    }
    return { status: response.status, body: parsed as any, headers: response.headers };
  };

  if (options.running ?? true) {
    const started = await call('POST', '/simulation/start', { body: { auto_advance: false } });
    if (started.status !== 200 && started.status !== 404) {
      throw new Error(`could not start simulation: ${JSON.stringify(started.body)}`);
    }
    if (started.status === 404) ues.engine.start({ autoAdvance: false, timeScale: 1 });
  }

  return {
    url,
    adminKey,
    ues,
    call,
    async createKey(permissions, name = 'test key') {
      const created = await call('POST', '/keys', { body: { name, permissions } });
      if (created.status === 201) return { secret: created.body.secret, keyId: created.body.key_id };
      // Before the keys routes exist, mint directly.
      const { key, secret } = ues.keys.create(name, permissions, ues.keys.adminKeyId);
      return { secret, keyId: key.key_id };
    },
    close: () => ues.app.close(),
  };
}

/** The email_triage_basic initial state (UES export format, wrapped), as shipped in `scenarios/`. */
export const REFERENCE_INITIAL_STATE = fileURLToPath(
  new URL('../../scenarios/email_triage_basic/initial_state.json', import.meta.url),
);
