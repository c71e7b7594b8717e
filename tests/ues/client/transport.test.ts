import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  retryDelayMs,
  resolveRetryPolicy,
  UesClient,
  UesConnectionError,
  UesResponseShapeError,
  UesServerError,
  UesTimeoutError,
} from '../../../src/ues/client/index.js';
import { recordingSleep, refusedUrl, startScriptedServer, type ScriptedServer } from './scripted-server.js';

const healthy = { status: 200, body: { status: 'healthy' } };
const unavailable = { status: 503, body: { detail: 'warming up' } };

describe('transport', () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  describe('retries', () => {
    it('retries 503 twice, backing off 0.5 s then 1 s, then succeeds', async () => {
      server = await startScriptedServer((_request, index) => (index < 2 ? unavailable : healthy));
      const { sleep, waits } = recordingSleep();
      const client = new UesClient({ baseUrl: server.url, retry: { sleep }, validateResponses: true });
      expect(await client.health()).toEqual({ status: 'healthy' });
      expect(server.requests).toHaveLength(3);
      expect(waits).toEqual([500, 1000]);
    });

    it('gives up after maxRetries and says how many attempts were made', async () => {
      server = await startScriptedServer(() => ({ status: 504, body: { detail: 'gateway timeout' } }));
      const { sleep, waits } = recordingSleep();
      const client = new UesClient({ baseUrl: server.url, retry: { maxRetries: 2, sleep } });
      const error = await client.health().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UesServerError);
      expect((error as UesServerError).attempts).toBe(3);
      expect((error as UesServerError).message).toBe(
        'GET /health failed with HTTP 504: gateway timeout (gave up after 3 attempts)',
      );
      expect(waits).toEqual([500, 1000]);
    });

    it('does not retry other statuses, nor anything when retry is false', async () => {
      server = await startScriptedServer((_request, index) =>
        index === 0 ? { status: 500, body: { detail: 'boom' } } : unavailable,
      );
      const { sleep, waits } = recordingSleep();
      await expect(new UesClient({ baseUrl: server.url, retry: { sleep } }).health()).rejects.toBeInstanceOf(
        UesServerError,
      );
      await expect(new UesClient({ baseUrl: server.url, retry: false }).health()).rejects.toBeInstanceOf(
        UesServerError,
      );
      expect(server.requests).toHaveLength(2);
      expect(waits).toEqual([]);
    });

    it('retries refused connections and names the unreachable server', async () => {
      const url = await refusedUrl();
      const { sleep, waits } = recordingSleep();
      const error = await new UesClient({ baseUrl: url, retry: { maxRetries: 3, sleep } })
        .health()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UesConnectionError);
      expect((error as UesConnectionError).message).toMatch(
        new RegExp(`^GET /health could not reach the UES server at ${url}: .*ECONNREFUSED`),
      );
      expect((error as UesConnectionError).attempts).toBe(4);
      expect(waits).toEqual([500, 1000, 2000]);
    });

    it('caps the back-off at 30 s', () => {
      const policy = resolveRetryPolicy({});
      expect([0, 1, 2, 5, 6, 10].map((attempt) => retryDelayMs(policy, attempt))).toEqual([
        500, 1000, 2000, 16_000, 30_000, 30_000,
      ]);
    });
  });

  describe('timeouts and aborts', () => {
    it('times out against a server that never answers', async () => {
      server = await startScriptedServer(() => 'hang');
      const client = new UesClient({ baseUrl: server.url, timeoutMs: 50, retry: false });
      const error = await client.time.get().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UesTimeoutError);
      expect((error as UesTimeoutError).message).toBe(
        'GET /simulator/time got no complete answer within 50 ms',
      );
      expect((error as UesTimeoutError).timeoutMs).toBe(50);
    });

    it('retries a timeout, and a per-call timeoutMs overrides the client default', async () => {
      server = await startScriptedServer(() => 'hang');
      const { sleep, waits } = recordingSleep();
      const client = new UesClient({ baseUrl: server.url, retry: { maxRetries: 1, sleep } });
      const error = await client.health({ timeoutMs: 30 }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UesTimeoutError);
      expect((error as UesTimeoutError).attempts).toBe(2);
      expect(server.requests).toHaveLength(2);
      expect(waits).toEqual([500]);
    });

    it('aborts an in-flight call with the signal reason, without retrying', async () => {
      const controller = new AbortController();
      const reason = new Error('evaluation cancelled');
      server = await startScriptedServer(() => {
        controller.abort(reason);
        return 'hang';
      });
      const { sleep, waits } = recordingSleep();
      const client = new UesClient({ baseUrl: server.url, retry: { sleep } });
      await expect(client.events.list({}, { signal: controller.signal })).rejects.toBe(reason);
      expect(server.requests).toHaveLength(1);
      expect(waits).toEqual([]);
    });

    it('does not send anything when the signal is already aborted', async () => {
      server = await startScriptedServer(() => healthy);
      const client = new UesClient({ baseUrl: server.url });
      const aborted = AbortSignal.abort();
      await expect(client.health({ signal: aborted })).rejects.toMatchObject({ name: 'AbortError' });
      expect(server.requests).toHaveLength(0);
    });

    it('stops waiting between retries when aborted during the back-off', async () => {
      server = await startScriptedServer(() => unavailable);
      const controller = new AbortController();
      const client = new UesClient({
        baseUrl: server.url,
        retry: {
          sleep: async () => {
            controller.abort(new Error('stop now'));
            throw controller.signal.reason;
          },
        },
      });
      await expect(client.health({ signal: controller.signal })).rejects.toThrow('stop now');
      expect(server.requests).toHaveLength(1);
    });
  });

  describe('requests', () => {
    it('sends the key, JSON bodies with ISO datetimes, and drops absent query parameters', async () => {
      server = await startScriptedServer((request) =>
        request.url.startsWith('/events?')
          ? { status: 200, body: { events: [], total: 0, pending: 0, executed: 0, failed: 0, skipped: 0 } }
          : { status: 200, body: { event_id: 'e', scheduled_time: '2025-01-01T13:00:00Z' } },
      );
      const client = new UesClient({ baseUrl: `${server.url}/`, apiKey: 'secret-1' });
      await client.events.list({
        start_time: new Date('2025-01-01T12:00:00Z'),
        end_time: undefined,
        agent_id: 'ues_abc',
        limit: 0,
      });
      await client.email.receive({
        from_address: 'a@example.com',
        to_addresses: ['user@example.com'],
        subject: 's',
        body_text: 'b',
        sent_at: new Date('2025-01-01T11:59:00Z'),
        thread_id: undefined,
      });
      const [list, receive] = server.requests;
      expect(list!.method).toBe('GET');
      expect(list!.url).toBe('/events?start_time=2025-01-01T12%3A00%3A00.000Z&agent_id=ues_abc&limit=0');
      expect(list!.headers['x-api-key']).toBe('secret-1');
      expect(list!.body).toBe('');
      expect(receive!.url).toBe('/email/receive');
      expect(receive!.headers['content-type']).toBe('application/json');
      expect(JSON.parse(receive!.body)).toEqual({
        from_address: 'a@example.com',
        to_addresses: ['user@example.com'],
        subject: 's',
        body_text: 'b',
        sent_at: '2025-01-01T11:59:00.000Z',
      });
    });

    it('encodes ids in paths so they cannot change the route', async () => {
      server = await startScriptedServer(() => ({ status: 200, body: { cancelled: true, event_id: 'x' } }));
      await new UesClient({ baseUrl: server.url }).events.cancel('a/../b?c');
      expect(server.requests[0]!.url).toBe('/events/a%2F..%2Fb%3Fc');
    });

    it('uses the given undici dispatcher', async () => {
      const agent = new MockAgent();
      agent.disableNetConnect();
      agent
        .get('http://ues.invalid')
        .intercept({ path: '/health', method: 'GET' })
        .reply(200, { status: 'healthy' });
      const client = new UesClient({
        baseUrl: 'http://ues.invalid',
        dispatcher: agent,
        validateResponses: true,
      });
      expect(await client.health()).toEqual({ status: 'healthy' });
      await agent.close();
    });

    it('rejects a base URL that is not http(s)', () => {
      expect(() => new UesClient({ baseUrl: 'localhost:8000' })).toThrow(
        /absolute http\(s\) URL|http or https/,
      );
      expect(() => new UesClient({ baseUrl: 'ftp://example.com' })).toThrow(/http or https/);
    });
  });

  describe('response validation', () => {
    it('names the route and the field when a body has the wrong shape', async () => {
      const body = {
        events: [{ event_id: 'e1', scheduled_time: null }],
        total: 1,
        pending: 1,
        executed: 0,
        failed: 0,
        skipped: 0,
      };
      server = await startScriptedServer(() => ({ status: 200, body }));
      const strict = new UesClient({ baseUrl: server.url, validateResponses: true });
      const error = await strict.events.list().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UesResponseShapeError);
      const shape = error as UesResponseShapeError;
      expect(shape.route).toBe('GET /events');
      expect(shape.issues.map((issue) => issue.field)).toContain('events.0.scheduled_time');
      expect(shape.message).toMatch(
        /^GET \/events returned a body of unexpected shape: .*events\.0\.scheduled_time/,
      );

      // Without validation the body is handed over as it came.
      const lenient = new UesClient({ baseUrl: server.url });
      expect(await lenient.events.list()).toEqual(body);
    });

    it('allows extra fields', async () => {
      server = await startScriptedServer(() => ({ status: 200, body: { status: 'healthy', uptime: 3 } }));
      const client = new UesClient({ baseUrl: server.url, validateResponses: true });
      expect(await client.health()).toEqual({ status: 'healthy', uptime: 3 });
    });

    it('always rejects a success body that is not JSON', async () => {
      server = await startScriptedServer(() => ({ status: 200, body: 'OK', contentType: 'text/plain' }));
      const error = await new UesClient({ baseUrl: server.url }).health().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UesResponseShapeError);
      expect((error as Error).message).toBe(
        'GET /health returned a body of unexpected shape: (root): expected JSON, got "OK"',
      );
    });
  });
});
