import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  effectiveCardUrl,
  effectivePublicUrl,
  loadGreenConfig,
} from '../../../src/protocol/index.js';

function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('loadGreenConfig', () => {
  it('uses the documented defaults', () => {
    expect(loadGreenConfig({}, {})).toEqual({
      host: '127.0.0.1',
      port: 9009,
      log_level: 'info',
      scenarios_dir: 'scenarios',
      default_turn_timeout_seconds: 300,
      max_consecutive_turn_failures: 3,
      response_model: 'offline',
      evaluation_model: 'offline',
      llm_call_timeout_seconds: 60,
      llm_retry_budget_seconds: 60,
      ues_runner: 'child',
      max_contexts: 8,
      context_idle_timeout_seconds: 600,
      heartbeat_interval_seconds: 30,
      replay_fallthrough: false,
    });
  });

  it('lets flags win over the role env var, and the role env var over the shared one', () => {
    const env = { AGENTBEATS_GREEN_PORT: '7000', AGENTBEATS_PORT: '6000', AGENTBEATS_HOST: '0.0.0.0' };
    expect(loadGreenConfig({ port: '8000' }, env)).toMatchObject({ port: 8000, host: '0.0.0.0' });
    expect(loadGreenConfig({}, env).port).toBe(7000);
    expect(loadGreenConfig({}, { AGENTBEATS_PORT: '6000' }).port).toBe(6000);
  });

  it('reads green-only fields only from the green prefix', () => {
    expect(loadGreenConfig({}, { AGENTBEATS_SCENARIOS_DIR: '/x' }).scenarios_dir).toBe('scenarios');
    expect(loadGreenConfig({}, { AGENTBEATS_GREEN_SCENARIOS_DIR: '/x' }).scenarios_dir).toBe('/x');
  });

  it('maps every field from its flag (commander camelCase) and its env var', () => {
    const flags = {
      host: '0.0.0.0',
      cardUrl: 'http://green:9009/',
      logLevel: 'DEBUG',
      scenariosDir: '/scenarios',
      defaultMaxTurns: '12',
      defaultTurnTimeoutSeconds: '45.5',
      maxConsecutiveTurnFailures: '5',
      responseModel: 'gpt-4o-mini',
      evaluationModel: 'claude-3-5-sonnet-latest',
      llmSeed: '42',
      uesRunner: 'in-process',
      heartbeatIntervalSeconds: '60',
      publicUrl: 'https://green.example.org/',
      responseBaseUrl: 'http://vllm:8000/v1',
      evaluationBaseUrl: 'https://openrouter.ai/api/v1',
      llmCallTimeoutSeconds: '30',
      llmRetryBudgetSeconds: '0',
      maxContexts: '3',
      contextIdleTimeoutSeconds: '90',
      uesProxyHost: '10.0.0.5',
      uesProxyPort: '9010',
      authToken: 'a-long-operator-token-0123456789',
      recordDir: '/recordings/new',
      replayDir: '/recordings/old',
      replayFallthrough: 'true',
      runsDir: '/runs',
    };
    const expected = {
      host: '0.0.0.0',
      port: 9009,
      card_url: 'http://green:9009/',
      log_level: 'debug',
      scenarios_dir: '/scenarios',
      default_max_turns: 12,
      default_turn_timeout_seconds: 45.5,
      max_consecutive_turn_failures: 5,
      response_model: 'gpt-4o-mini',
      evaluation_model: 'claude-3-5-sonnet-latest',
      llm_seed: 42,
      ues_runner: 'in-process',
      heartbeat_interval_seconds: 60,
      public_url: 'https://green.example.org/',
      response_base_url: 'http://vllm:8000/v1',
      evaluation_base_url: 'https://openrouter.ai/api/v1',
      llm_call_timeout_seconds: 30,
      llm_retry_budget_seconds: 0,
      max_contexts: 3,
      context_idle_timeout_seconds: 90,
      ues_proxy_host: '10.0.0.5',
      ues_proxy_port: 9010,
      auth_token: 'a-long-operator-token-0123456789',
      record_dir: '/recordings/new',
      replay_dir: '/recordings/old',
      replay_fallthrough: true,
      runs_dir: '/runs',
    };
    expect(loadGreenConfig(flags, {})).toEqual(expected);
    const env = Object.fromEntries(
      Object.entries(flags).map(([key, value]) => [
        `AGENTBEATS_GREEN_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`,
        value,
      ]),
    );
    expect(loadGreenConfig({}, env)).toEqual(expected);
  });

  it('reads the replay switch as a flag without a value and from env words', () => {
    expect(loadGreenConfig({ replayFallthrough: true }, {}).replay_fallthrough).toBe(true);
    expect(loadGreenConfig({}, { AGENTBEATS_GREEN_REPLAY_FALLTHROUGH: 'yes' }).replay_fallthrough).toBe(true);
    expect(loadGreenConfig({}, { AGENTBEATS_GREEN_REPLAY_FALLTHROUGH: '0' }).replay_fallthrough).toBe(false);
  });

  it('accepts typed programmatic values', () => {
    expect(loadGreenConfig({ port: 0, llmSeed: 7 }, {})).toMatchObject({ port: 0, llm_seed: 7 });
  });

  it('treats empty env vars as unset', () => {
    expect(loadGreenConfig({}, { AGENTBEATS_GREEN_PORT: '', AGENTBEATS_PORT: '5000' }).port).toBe(5000);
  });

  it('accepts Python-style log level names', () => {
    expect(loadGreenConfig({ logLevel: 'WARNING' }, {}).log_level).toBe('warn');
    expect(loadGreenConfig({ logLevel: 'critical' }, {}).log_level).toBe('fatal');
  });

  it.each([
    [{ port: 'abc' }, {}, '--port', 'expected an integer between 0 and 65535, got "abc"'],
    [
      {},
      { AGENTBEATS_GREEN_PORT: '70000' },
      'AGENTBEATS_GREEN_PORT',
      'expected an integer between 0 and 65535',
    ],
    [{}, { AGENTBEATS_PORT: '1.5' }, 'AGENTBEATS_PORT', 'expected an integer'],
    [{ cardUrl: 'ftp://x/' }, {}, '--card-url', 'expected an absolute http(s) URL'],
    [
      { logLevel: 'loud' },
      {},
      '--log-level',
      'expected one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ evaluationModel: 'llama3' }, {}, '--evaluation-model', 'expected "offline" or a name starting with'],
    [
      {},
      { AGENTBEATS_GREEN_RESPONSE_MODEL: 'ollama/' },
      'AGENTBEATS_GREEN_RESPONSE_MODEL',
      'expected "offline"',
    ],
    [{ uesRunner: 'docker' }, {}, '--ues-runner', 'expected one of child, in-process, got "docker"'],
    [
      { heartbeatIntervalSeconds: '61' },
      {},
      '--heartbeat-interval-seconds',
      'expected a number > 0 and <= 60',
    ],
    [{ heartbeatIntervalSeconds: '0' }, {}, '--heartbeat-interval-seconds', 'expected a number > 0'],
    [
      {},
      { AGENTBEATS_GREEN_REPLAY_FALLTHROUGH: 'maybe' },
      'AGENTBEATS_GREEN_REPLAY_FALLTHROUGH',
      'expected true or false',
    ],
    [{ replayDir: ' ' }, {}, '--replay-dir', 'must not be empty'],
    [
      { defaultTurnTimeoutSeconds: 'soon' },
      {},
      '--default-turn-timeout-seconds',
      'expected a number >= 0.1 and <= 86400',
    ],
    [
      { defaultTurnTimeoutSeconds: '0.0015' },
      {},
      '--default-turn-timeout-seconds',
      'expected a number >= 0.1',
    ],
    [{ defaultTurnTimeoutSeconds: '1e7' }, {}, '--default-turn-timeout-seconds', '<= 86400'],
    [{ maxContexts: '0' }, {}, '--max-contexts', 'expected an integer between 1 and 1000'],
    [{ contextIdleTimeoutSeconds: '0' }, {}, '--context-idle-timeout-seconds', 'expected a number >= 1'],
    [{ llmRetryBudgetSeconds: '-1' }, {}, '--llm-retry-budget-seconds', 'expected a number >= 0'],
    [{ responseBaseUrl: 'localhost:8000' }, {}, '--response-base-url', 'expected an absolute http(s) URL'],
    [{}, { AGENTBEATS_GREEN_AUTH_TOKEN: 'short' }, 'AGENTBEATS_GREEN_AUTH_TOKEN', 'at least 16 characters'],
    [{ uesProxyPort: '70000' }, {}, '--ues-proxy-port', 'expected an integer between 0 and 65535'],
    [{ evaluationModel: 'openai:' }, {}, '--evaluation-model', 'expected "offline"'],
    [
      { maxConsecutiveTurnFailures: '0' },
      {},
      '--max-consecutive-turn-failures',
      'expected an integer between 1',
    ],
    [{ defaultMaxTurns: '-3' }, {}, '--default-max-turns', 'expected an integer between 1'],
    [{ llmSeed: 'x' }, {}, '--llm-seed', 'expected an integer'],
    [{ publicUrl: 'green:9009' }, {}, '--public-url', 'expected an absolute http(s) URL'],
    [{ scenariosDir: '  ' }, {}, '--scenarios-dir', 'must not be empty'],
  ])('rejects %j / %j naming %s', (flags, env, source, problem) => {
    const error = configError(() => loadGreenConfig(flags, env));
    expect(error.source).toBe(source);
    expect(error.message.startsWith(`${source}: `)).toBe(true);
    expect(error.message).toContain(problem);
  });

  it.each([
    'offline',
    'gpt-4o',
    'o3-mini',
    'chatgpt-4o-latest',
    'claude-sonnet-4',
    'gemini-2.0-flash',
    'ollama/gpt-oss:20b',
    'openai:meta-llama/Llama-3.1-8B-Instruct',
    'openai:qwen2.5-7b-instruct',
  ])('accepts model %s', (model) => {
    expect(loadGreenConfig({ evaluationModel: model }, {}).evaluation_model).toBe(model);
  });
});

describe('advertised URLs', () => {
  it('with a separate UES proxy listener, the public URL is the proxy’s own address', () => {
    const config = loadGreenConfig({ port: '9009', uesProxyPort: '9010' }, {});
    expect(effectivePublicUrl(config, 9009, 9010)).toBe('http://127.0.0.1:9010/');
    expect(
      effectivePublicUrl(
        loadGreenConfig({ uesProxyPort: '0', uesProxyHost: 'purples.lan' }, {}),
        9009,
        41_000,
      ),
    ).toBe('http://purples.lan:41000/');
    expect(
      effectivePublicUrl(loadGreenConfig({ uesProxyPort: '9010', publicUrl: 'https://ues.example/' }, {})),
    ).toBe('https://ues.example/');
  });

  it('defaults the card URL to http://<host>:<port>/ and the public URL to the card URL', () => {
    const config = loadGreenConfig({ host: '0.0.0.0', port: '9009' }, {});
    expect(effectiveCardUrl(config)).toBe('http://0.0.0.0:9009/');
    expect(effectivePublicUrl(config)).toBe('http://0.0.0.0:9009/');
  });

  it('uses the bound port when the config asked for port 0', () => {
    const config = loadGreenConfig({ port: '0' }, {});
    expect(effectiveCardUrl(config, 43_210)).toBe('http://127.0.0.1:43210/');
  });

  it('prefers explicit card and public URLs', () => {
    const config = loadGreenConfig(
      { cardUrl: 'http://green:9009/', publicUrl: 'https://public.example/' },
      {},
    );
    expect(effectiveCardUrl(config, 1)).toBe('http://green:9009/');
    expect(effectivePublicUrl(config)).toBe('https://public.example/');
    expect(effectivePublicUrl(loadGreenConfig({ cardUrl: 'http://green:9009/' }, {}))).toBe(
      'http://green:9009/',
    );
  });
});
