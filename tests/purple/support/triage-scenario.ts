import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The email_triage_basic data the purple tests need: the initial state, the user prompt and the
 * per-email ground truth. The repository's `scenarios/email_triage_basic/` copy is preferred when
 * present; `tests/purple/fixtures/` holds a copy of the reference files for when it is not.
 * The ground truth is only ever used to measure a baseline, never given to an agent.
 */

const REPO_DIR = new URL('../../../scenarios/email_triage_basic/', import.meta.url);
const FIXTURE_DIR = new URL('../fixtures/email_triage_basic/', import.meta.url);

const scenarioSchema = z.looseObject({
  start_time: z.string(),
  end_time: z.string(),
  user_prompt: z.string().min(1),
});

const groundTruthSchema = z.looseObject({
  emails: z
    .array(
      z.looseObject({
        email_id: z.string(),
        is_noise: z.boolean(),
        urgency: z.enum(['high', 'medium', 'low']).nullable(),
        category: z.string(),
      }),
    )
    .length(49),
});

export type GroundTruthEmail = z.infer<typeof groundTruthSchema>['emails'][number];

function pick(repoName: string, fixtureName: string): string {
  const repo = fileURLToPath(new URL(repoName, REPO_DIR));
  return existsSync(repo) ? repo : fileURLToPath(new URL(fixtureName, FIXTURE_DIR));
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

export interface TriageScenario {
  /** The wrapped `{scenario, strict_modalities}` body for `/scenario/import/full`. */
  initialState: Record<string, unknown>;
  userPrompt: string;
  startTime: string;
  endTime: string;
  groundTruth: GroundTruthEmail[];
}

export function loadTriageScenario(): TriageScenario {
  const scenarioPath = pick('scenario.json', 'scenario.json');
  const scenario = scenarioSchema.parse(readJson(scenarioPath));
  // The per-email labels of the reference data (the scenario's own ground_truth.json is the
  // check library's answer key, in another shape).
  const truthPath = fileURLToPath(new URL('ground_truth.derived.json', FIXTURE_DIR));
  const truth = groundTruthSchema.parse(readJson(truthPath));
  return {
    initialState: readJson(pick('initial_state.json', 'initial_state.json')) as Record<string, unknown>,
    userPrompt: scenario.user_prompt,
    startTime: scenario.start_time,
    endTime: scenario.end_time,
    groundTruth: truth.emails,
  };
}
