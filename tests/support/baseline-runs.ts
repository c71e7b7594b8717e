import { streamAssessment, type AssessmentOutcome } from '../../src/cli/assessment/stream-assessment.js';
import {
  startLocalGreen,
  startLocalPurple,
  type LocalGreen,
  type LocalPurpleOptions,
} from '../../src/cli/local-agents.js';

/** The scenario-suite tests' green (offline models, in-process simulators) and one run on it. */

export function startSuiteGreen(): Promise<LocalGreen> {
  return startLocalGreen({ model: 'offline', uesRunner: 'in-process', env: {}, agentIdleTimeoutMs: 0 });
}

/** One assessment of `scenarioId` (seed 1) by a local purple; the raw results. */
export async function assessLocally(
  green: LocalGreen,
  scenarioId: string,
  purple: Omit<LocalPurpleOptions, 'env'>,
): Promise<unknown> {
  return (await streamLocally(green, scenarioId, purple)).rawResults;
}

/** Like `assessLocally`, the whole outcome (task updates included). */
export async function streamLocally(
  green: LocalGreen,
  scenarioId: string,
  purple: Omit<LocalPurpleOptions, 'env'>,
): Promise<AssessmentOutcome> {
  const server = await startLocalPurple({ ...purple, env: {} });
  try {
    return await streamAssessment(
      green.url,
      { participants: { personal_assistant: server.url }, config: { scenario_id: scenarioId, seed: 1 } },
      {},
      { headers: green.headers },
    );
  } finally {
    await server.close();
  }
}
