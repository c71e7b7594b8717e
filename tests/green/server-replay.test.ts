import { afterEach, describe, expect, it } from 'vitest';
import type { GreenServerHandle } from '../../src/green/server.js';
import { MissingApiKeyError } from '../../src/llm/index.js';
import { startTestGreen } from '../support/green-server.js';

/**
 * A green that only replays recorded model calls needs no provider key: it neither builds nor
 * checks its models at startup (a live green fails fast without the key).
 */

let green: GreenServerHandle | undefined;

afterEach(async () => {
  await green?.close();
  green = undefined;
});

describe('a replaying green server', () => {
  const models = { response_model: 'gpt-4o-mini', evaluation_model: 'claude-sonnet-4-5' };

  it('starts without provider keys when it replays without fall-through', async () => {
    green = await startTestGreen({ ...models, replay_dir: '/nonexistent/recordings' }, { env: {} });
    expect(green.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
  });

  it('still needs the keys when calls may fall through to the live models, or when recording', async () => {
    await expect(
      startTestGreen({ ...models, replay_dir: '/r', replay_fallthrough: true }, { env: {} }),
    ).rejects.toBeInstanceOf(MissingApiKeyError);
    await expect(startTestGreen({ ...models, record_dir: '/r' }, { env: {} })).rejects.toBeInstanceOf(
      MissingApiKeyError,
    );
  });
});
