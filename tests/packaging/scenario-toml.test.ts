import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { assessmentConfigSchema } from '../../src/green/assessment/assessment-config.js';
import { assessmentRequestSchema, selectParticipant } from '../../src/green/executor/assessment-request.js';
import { parseTomlSubset, type TomlTable } from './toml-subset.js';

let text: string;
let toml: TomlTable;

beforeAll(async () => {
  text = await readFile(new URL('../../scenario.toml', import.meta.url), 'utf8');
  toml = parseTomlSubset(text);
});

const table = (value: unknown): TomlTable => {
  expect(value, 'a TOML table').toBeTypeOf('object');
  expect(Array.isArray(value)).toBe(false);
  return value as TomlTable;
};

/** The subcommand a scenario.toml cmd runs and its flags, checked against our real CLI. */
function checkCommand(cmd: string): { subcommand: string; flags: Record<string, string> } {
  const words = cmd.split(/\s+/);
  expect(words.slice(0, 2), cmd).toEqual(['node', 'dist/cli.js']);
  const subcommand = words[2]!;
  const command = buildProgram({}).commands.find((c: Command) => c.name() === subcommand);
  expect(command, `subcommand ${subcommand}`).toBeDefined();
  const known = new Set(command!.options.map((option) => option.long));
  const flags: Record<string, string> = {};
  for (let i = 3; i < words.length; i += 2) {
    expect(known.has(words[i]), `${subcommand} has no flag ${words[i]}`).toBe(true);
    expect(words[i + 1], `value of ${words[i]}`).toMatch(/^[^-]/);
    flags[words[i]!] = words[i + 1]!;
  }
  return { subcommand, flags };
}

describe('scenario.toml (AgentBeats tutorial runner format)', () => {
  it('has the runner’s tables: green_agent, participants, config', () => {
    expect(Object.keys(toml).sort()).toEqual(['config', 'green_agent', 'participants']);
    expect(Object.keys(table(toml['green_agent'])).sort()).toEqual(['cmd', 'endpoint']);
    const participants = toml['participants'];
    expect(Array.isArray(participants) && participants.length).toBe(1);
  });

  it('starts the green and the purple with real CLI flags, on the ports their endpoints name', () => {
    const agents = [table(toml['green_agent']), table((toml['participants'] as unknown[])[0])];
    const commands = agents.map((agent) => {
      const endpoint = new URL(String(agent['endpoint']));
      const { subcommand, flags } = checkCommand(String(agent['cmd']));
      // agentbeats-run polls the endpoint's card: the cmd must listen exactly there.
      expect(flags['--host']).toBe(endpoint.hostname);
      expect(flags['--port']).toBe(endpoint.port);
      return { subcommand, flags };
    });
    expect(commands[0]!.subcommand).toBe('green');
    expect(commands[1]).toMatchObject({ subcommand: 'purple', flags: { '--agent': 'rule-based' } });
  });

  it('makes the request the runner sends valid for the green, participant role included', () => {
    const participant = table((toml['participants'] as unknown[])[0]);
    const request = {
      participants: { [String(participant['role'])]: String(participant['endpoint']) },
      config: toml['config'],
    };
    const parsed = assessmentRequestSchema.parse(request);
    expect(parsed.config.scenario_id).toBe('email_triage_basic');
    expect(selectParticipant(parsed.participants)).toEqual(['personal_assistant', 'http://127.0.0.1:9019']);
  });

  it('documents only optional config keys the green reads, with values it accepts', () => {
    const configSection = text.slice(text.indexOf('[config]'));
    const suiteStart = configSection.indexOf('# A suite');
    expect(suiteStart, 'a commented suite example').toBeGreaterThan(0);
    /** Commented `# key = value   # note` lines, as the TOML they document. */
    const commentedToml = (section: string): TomlTable =>
      parseTomlSubset(
        [...section.matchAll(/^#\s*([a-z_]+\s*=\s*.+?)(?:\s{2,}#.*)?$/gm)].map(([, line]) => line).join('\n'),
      );
    const single = commentedToml(configSection.slice(0, suiteStart));
    const suite = commentedToml(configSection.slice(suiteStart));
    expect(Object.keys(single)).toEqual(['max_turns', 'seed', 'turn_timeout_seconds', 'variant_seed']);
    expect(Object.keys(suite)).toEqual(['scenarios', 'trials', 'concurrency']);
    const known = Object.keys(assessmentConfigSchema.shape);
    for (const key of Object.keys(single)) expect(known).toContain(key);
    expect(assessmentConfigSchema.parse({ scenario_id: 'x', ...single })).toMatchObject(single);
    const participants = { assistant: 'http://127.0.0.1:9019' };
    expect(assessmentRequestSchema.safeParse({ participants, config: suite }).success).toBe(true);
    // The platform adds sharding keys; the green reads them.
    expect(
      assessmentRequestSchema.safeParse({
        participants,
        config: { scenario_id: 'x', shard_index: 0, num_shards: 2 },
      }).success,
    ).toBe(true);
  });
});
