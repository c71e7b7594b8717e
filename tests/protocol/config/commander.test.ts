import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  GREEN_FIELD_SPECS,
  PURPLE_FIELD_SPECS,
  addGreenOptions,
  addPurpleOptions,
  loadGreenConfig,
  loadPurpleConfig,
} from '../../../src/protocol/index.js';

function parse(command: Command, argv: string[]): Record<string, unknown> {
  command.exitOverride();
  command.parse(argv, { from: 'user' });
  return command.opts();
}

describe('commander options', () => {
  it('defines one option per green config field, including the AgentBeats flags', () => {
    const command = addGreenOptions(new Command('green'));
    const flags = command.options.map((option) => option.long);
    expect(flags).toEqual(GREEN_FIELD_SPECS.map((spec) => `--${spec.key.replaceAll('_', '-')}`));
    expect(flags).toEqual(expect.arrayContaining(['--host', '--port', '--card-url']));
  });

  it('documents the env vars and defaults in --help', () => {
    const help = addGreenOptions(new Command('green')).helpInformation();
    expect(help).toContain('AGENTBEATS_GREEN_PORT or AGENTBEATS_PORT; default 9009');
    expect(help).toContain('--heartbeat-interval-seconds <seconds>');
  });

  it('makes switches of fields without a value name (--replay-fallthrough)', () => {
    const options = parse(addGreenOptions(new Command('green')), [
      '--replay-dir',
      '/recordings',
      '--replay-fallthrough',
    ]);
    expect(options).toEqual({ replayDir: '/recordings', replayFallthrough: true });
    expect(loadGreenConfig(options, {})).toMatchObject({
      replay_dir: '/recordings',
      replay_fallthrough: true,
    });
    expect(loadGreenConfig({}, {}).replay_fallthrough).toBe(false);
  });

  it('leaves unset flags undefined so env vars still apply', () => {
    const options = parse(addGreenOptions(new Command('green')), ['--host', '0.0.0.0']);
    expect(options).toEqual({ host: '0.0.0.0' });
    expect(loadGreenConfig(options, { AGENTBEATS_GREEN_PORT: '9100' })).toMatchObject({
      host: '0.0.0.0',
      port: 9100,
    });
  });

  it('feeds parsed flags straight into loadGreenConfig / loadPurpleConfig', () => {
    const green = parse(addGreenOptions(new Command('green')), [
      '--port',
      '9010',
      '--card-url',
      'http://green:9010/',
      '--evaluation-model',
      'gpt-4o',
    ]);
    expect(loadGreenConfig(green, {})).toMatchObject({
      port: 9010,
      card_url: 'http://green:9010/',
      evaluation_model: 'gpt-4o',
    });

    const command = addPurpleOptions(new Command('purple'));
    expect(command.options).toHaveLength(PURPLE_FIELD_SPECS.length);
    const purple = parse(command, ['--agent', 'llm', '--temperature', '0']);
    expect(loadPurpleConfig(purple, {})).toMatchObject({ agent: 'llm', temperature: 0 });
  });
});
