import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Scenario folders written to a temp dir, for loader and CLI tests. */

export function minimalInitialState(): Record<string, unknown> {
  return {
    scenario: {
      metadata: { ues_version: '0.3.0', scenario_version: '1' },
      environment: {
        time_state: {
          current_time: '2026-02-01T09:00:00+00:00',
          time_scale: 1,
          is_paused: true,
          auto_advance: false,
          last_wall_time_update: '2026-02-01T09:00:00+00:00',
        },
        modality_states: {
          email: { modality_type: 'email', emails: { e1: { message_id: 'e1' } }, threads: {}, folders: {} },
          sms: { modality_type: 'sms', messages: {}, conversations: {} },
          calendar: { modality_type: 'calendar', calendars: {}, events: {} },
          chat: { modality_type: 'chat', messages: [], conversations: {} },
        },
      },
      events: { events: [] },
    },
    strict_modalities: false,
  };
}

export function minimalScenario(
  id: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    scenario_id: id,
    version: '3',
    name: `Scenario ${id}`,
    description: 'A small scenario for loader tests.',
    start_time: '2026-02-01T09:00:00Z',
    end_time: '2026-02-01T12:00:00Z',
    default_time_step: 'PT1H',
    user_prompt: 'Please tidy my inbox and tell me what matters today.',
    user_character: 'sam',
    characters: {
      sam: {
        name: 'Sam',
        personality: 'Busy.',
        response_timing: { base_delay: 'PT5M', variance: 'PT1M' },
        email: 'sam@example.com',
      },
    },
    criteria: [
      {
        criterion_id: 'did_work',
        name: 'Did work',
        description: 'Counts actions.',
        dimension: 'accuracy',
        max_score: 10,
        evaluator_id: 'did_work',
      },
      {
        criterion_id: 'polite',
        name: 'Polite',
        description: 'Tone.',
        dimension: 'politeness',
        max_score: 5,
        evaluation_prompt: 'Judge the tone of the chat messages.',
      },
      {
        criterion_id: 'safe',
        name: 'Safe',
        description: 'No sends.',
        dimension: 'safety',
        max_score: 5,
        evaluator_id: 'safe',
      },
      {
        criterion_id: 'quick',
        name: 'Quick',
        description: 'Few turns.',
        dimension: 'efficiency',
        max_score: 5,
        evaluator_id: 'quick',
      },
      {
        criterion_id: 'followed',
        name: 'Followed',
        description: 'Did what was asked.',
        dimension: 'instruction_following',
        max_score: 5,
        evaluator_id: 'followed',
      },
    ],
    ...overrides,
  };
}

/** A TypeScript evaluator module for minimalScenario, with a sibling helper and a JSON import. */
export const EVALUATORS_TS = `import { weight } from './helper.js';
import data from './data.json' with { type: 'json' };
type Ctx = { actionLog: readonly unknown[] };
export async function did_work(ctx: Ctx, params: Record<string, unknown>) {
  const points: number = Math.min(10, ctx.actionLog.length * weight);
  return { score: points, max_score: 10, explanation: String(data.label), details: { params } };
}
export async function safe() { return { score: 5, max_score: 5, explanation: 'ok' }; }
export async function quick() { return { score: 5, max_score: 5, explanation: 'ok' }; }
export const followed = async () => ({ score: 5, max_score: 5, explanation: 'ok' });
export function notAnEvaluator() { return 1; }
export const CONSTANT = 3;
`;

export interface ScenarioFiles {
  /** scenario.json as an object, or raw text. */
  scenario?: Record<string, unknown> | string;
  /** initial_state.json (omitted when null). */
  initialState?: Record<string, unknown> | string | null;
  /** Other files by name (evaluators.ts, helper.ts, …). */
  files?: Record<string, string>;
}

export interface TempScenarios {
  root: string;
  write(id: string, files?: ScenarioFiles): Promise<string>;
  close(): Promise<void>;
}

export async function tempScenarios(): Promise<TempScenarios> {
  const root = await mkdtemp(join(tmpdir(), 'ues-scenarios-'));
  return {
    root,
    async write(id, files = {}) {
      const dir = join(root, id);
      await mkdir(dir, { recursive: true });
      const scenario = files.scenario ?? minimalScenario(id);
      await writeFile(
        join(dir, 'scenario.json'),
        typeof scenario === 'string' ? scenario : JSON.stringify(scenario),
      );
      const initial = files.initialState === undefined ? minimalInitialState() : files.initialState;
      if (initial !== null) {
        await writeFile(
          join(dir, 'initial_state.json'),
          typeof initial === 'string' ? initial : JSON.stringify(initial),
        );
      }
      const extra = files.files ?? {
        'evaluators.ts': EVALUATORS_TS,
        'helper.ts': 'export const weight: number = 2;\n',
        'data.json': '{"label": "from data.json"}',
      };
      for (const [name, text] of Object.entries(extra)) await writeFile(join(dir, name), text);
      return dir;
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
}
