import { describe, expect, it } from 'vitest';
import { ConfigError, loadPurpleConfig } from '../../../src/protocol/index.js';

describe('loadPurpleConfig', () => {
  it('uses the documented defaults', () => {
    expect(loadPurpleConfig({}, {})).toEqual({
      host: '127.0.0.1',
      port: 9019,
      log_level: 'info',
      agent: 'baseline',
      model: 'offline',
      temperature: 0.7,
      max_actions_per_turn: 50,
    });
  });

  it('reads flags, then AGENTBEATS_PURPLE_*, then AGENTBEATS_* for shared fields', () => {
    const env = {
      AGENTBEATS_PURPLE_MODEL: 'gpt-4o',
      AGENTBEATS_PURPLE_TEMPERATURE: '0.2',
      AGENTBEATS_LOG_LEVEL: 'debug',
      AGENTBEATS_GREEN_PORT: '1111',
      AGENTBEATS_MODEL: 'claude-x',
    };
    expect(loadPurpleConfig({ agent: 'llm', maxActionsPerTurn: '5' }, env)).toEqual({
      host: '127.0.0.1',
      port: 9019,
      log_level: 'debug',
      agent: 'llm',
      model: 'gpt-4o',
      temperature: 0.2,
      max_actions_per_turn: 5,
    });
  });

  it.each([
    [{ temperature: '2.5' }, '--temperature', 'expected a number >= 0 and <= 2'],
    [{ temperature: 'hot' }, '--temperature', 'expected a number'],
    [{ maxActionsPerTurn: '0' }, '--max-actions-per-turn', 'expected an integer between 1'],
    [{ model: 'mistral' }, '--model', 'expected "offline"'],
    [{ agent: '' }, '--agent', 'must not be empty'],
  ])('rejects %j naming %s', (flags, source, problem) => {
    try {
      loadPurpleConfig(flags, {});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).source).toBe(source);
      expect((error as ConfigError).message).toContain(problem);
    }
  });
});
