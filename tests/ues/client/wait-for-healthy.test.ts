import { afterEach, describe, expect, it } from 'vitest';
import { UesTimeoutError, waitForHealthy } from '../../../src/ues/client/index.js';
import { startTestUes, type TestUes } from '../helpers.js';
import { recordingSleep, refusedUrl, startScriptedServer, type ScriptedServer } from './scripted-server.js';

describe('waitForHealthy', () => {
  let server: ScriptedServer | undefined;
  let ues: TestUes | undefined;
  afterEach(async () => {
    await server?.close();
    await ues?.close();
    server = undefined;
    ues = undefined;
  });

  it('returns at once for a healthy simulator', async () => {
    ues = await startTestUes();
    const { sleep, waits } = recordingSleep();
    await waitForHealthy(ues.url, { sleep });
    expect(waits).toEqual([]);
  });

  it('polls until the server reports healthy', async () => {
    server = await startScriptedServer((_request, index) =>
      index < 2
        ? { status: 503, body: { detail: 'starting' } }
        : { status: 200, body: { status: 'healthy' } },
    );
    const { sleep, waits } = recordingSleep();
    await waitForHealthy(server.url, { intervalMs: 25, sleep });
    expect(server.requests.map((request) => request.url)).toEqual(['/health', '/health', '/health']);
    expect(waits).toEqual([25, 25]);
  });

  it('keeps polling while the answer is not "healthy"', async () => {
    server = await startScriptedServer((_request, index) => ({
      status: 200,
      body: { status: index === 0 ? 'degraded' : 'healthy' },
    }));
    const { sleep } = recordingSleep();
    await waitForHealthy(server.url, { sleep });
    expect(server.requests).toHaveLength(2);
  });

  it('times out naming the last problem', async () => {
    const url = await refusedUrl();
    const error = await waitForHealthy(url, { timeoutMs: 60, intervalMs: 10 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UesTimeoutError);
    expect((error as Error).message).toMatch(
      new RegExp(`^${url} did not become healthy within 60 ms \\(last: .*ECONNREFUSED.*\\)$`),
    );
  });

  it('stops when aborted', async () => {
    server = await startScriptedServer(() => ({ status: 503 }));
    const controller = new AbortController();
    const reason = new Error('shutting down');
    const sleep = async (): Promise<void> => {
      controller.abort(reason);
    };
    await expect(waitForHealthy(server.url, { signal: controller.signal, sleep })).rejects.toBe(reason);
    expect(server.requests).toHaveLength(1);
  });
});
