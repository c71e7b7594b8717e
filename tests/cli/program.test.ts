import { describe, expect, it } from 'vitest';
import { COMMANDS, programFor } from '../../src/cli/commands.js';
import { buildProgram } from '../../src/cli/program.js';
import { PACKAGE_VERSION } from '../../src/version.js';

describe('cli program', () => {
  it('reports the package version', () => {
    expect(buildProgram().version()).toBe(PACKAGE_VERSION);
    expect(PACKAGE_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('lists every command the full program has, as the full program lists it, without loading them', async () => {
    const full = buildProgram({});
    expect(COMMANDS.map((entry) => entry.name)).toEqual(full.commands.map((command) => command.name()));
    const light = await programFor(['--help'], {});
    // A command added to program.ts but not to commands.ts (or described differently) shows here.
    expect(light.helpInformation()).toBe(full.helpInformation());
    expect(light.version()).toBe(PACKAGE_VERSION);
    for (const command of light.commands) expect(command.options, command.name()).toEqual([]);
  });

  it('loads the command the arguments name, directly or through help, and only that one', async () => {
    for (const args of [
      ['rescore', 'runs/x'],
      ['help', 'rescore'],
    ]) {
      const program = await programFor(args, {});
      const loaded = program.commands.filter((command) => command.options.length > 0);
      expect(loaded.map((command) => command.name())).toEqual(['rescore']);
      expect(program.helpInformation()).toBe(buildProgram({}).helpInformation());
    }
    const scenarios = (await programFor(['scenarios', 'list'], {})).commands.find(
      (command) => command.name() === 'scenarios',
    );
    expect(scenarios?.commands.map((command) => command.name())).toEqual([
      'list',
      'validate',
      'check',
      'gold',
    ]);
  });
});
