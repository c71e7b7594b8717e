import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { parseYamlSubset, type YamlMap } from './yaml-subset.js';

let services: Record<string, YamlMap>;

beforeAll(async () => {
  const compose = parseYamlSubset(
    await readFile(new URL('../../docker-compose.yaml', import.meta.url), 'utf8'),
  );
  services = compose['services'] as Record<string, YamlMap>;
});

const CARD_CHECK = ['CMD', 'curl', '-f', 'http://localhost:9009/.well-known/agent-card.json'];

describe('docker-compose.yaml', () => {
  it('has the green, the purple and a one-shot assessor', () => {
    expect(Object.keys(services).sort()).toEqual(['assessor', 'green', 'purple']);
  });

  it.each([
    ['green', 'Dockerfile.green'],
    ['purple', 'Dockerfile.purple'],
  ])('builds %s from %s for linux/amd64, with --card-url and a card health check', (name, dockerfile) => {
    const service = services[name]!;
    expect(service['build']).toEqual({ context: '.', dockerfile });
    expect(service['platform']).toBe('linux/amd64');
    expect(service['command']).toEqual([
      '--host',
      '0.0.0.0',
      '--port',
      '9009',
      '--card-url',
      `http://${name}:9009/`,
    ]);
    expect((service['healthcheck'] as YamlMap)['test']).toEqual(CARD_CHECK);
  });

  it('passes provider keys through and defaults the models to offline', () => {
    const env = (name: string) => services[name]!['environment'] as string[];
    for (const name of ['green', 'purple']) {
      expect(env(name)).toEqual(
        expect.arrayContaining(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_API_KEY']),
      );
    }
    expect(env('green')).toEqual(
      expect.arrayContaining([
        'AGENTBEATS_GREEN_RESPONSE_MODEL=${AGENTBEATS_GREEN_RESPONSE_MODEL:-offline}',
        'AGENTBEATS_GREEN_EVALUATION_MODEL=${AGENTBEATS_GREEN_EVALUATION_MODEL:-offline}',
      ]),
    );
    expect(env('purple')).toContain('AGENTBEATS_PURPLE_MODEL=${AGENTBEATS_PURPLE_MODEL:-offline}');
  });

  it('runs the assessor from the green image once both agents are healthy, writing to ./runs', () => {
    const assessor = services['assessor']!;
    expect(assessor['build']).toEqual({ context: '.', dockerfile: 'Dockerfile.green' });
    expect(assessor['depends_on']).toEqual({
      green: { condition: 'service_healthy' },
      purple: { condition: 'service_healthy' },
    });
    expect(assessor['entrypoint']).toEqual([
      'node',
      'dist/cli.js',
      'run',
      '--green',
      'http://green:9009/',
      '--purple',
      'http://purple:9009/',
      '--scenario',
      'email_triage_basic',
      '--out',
      '/runs/latest',
    ]);
    const run = buildProgram({}).commands.find((command) => command.name() === 'run')!;
    const flags = (assessor['entrypoint'] as string[]).filter((word) => word.startsWith('--'));
    for (const flag of flags) expect(run.options.map((option) => option.long)).toContain(flag);
    expect(assessor['volumes']).toEqual(['./runs:/runs']);
    expect(assessor['restart']).toBe('no');
  });
});
