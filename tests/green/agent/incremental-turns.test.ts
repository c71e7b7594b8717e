import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewMessageCollector } from '../../../src/green/assessment/new-message-collector.js';
import { TurnStateReader } from '../../../src/green/assessment/turn-state-reader.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../../src/green/scenarios/index.js';
import type { LocalGreen } from '../../../src/cli/local-agents.js';
import type { EventResponse, UesClient } from '../../../src/ues/client/index.js';
import { startSuiteGreen, streamLocally } from '../../support/baseline-runs.js';
import { normaliseResults } from '../../support/normalised-results.js';

/**
 * The green follows the simulator turn by turn at the cost of what changed (the events that ran
 * since its cursor, replayed into a state mirror). Whole assessments must come out exactly as when
 * the green re-reads everything after every turn — every event of the run, and the whole state,
 * from which the new messages the characters answer are diffed — as it did before: same actions,
 * same replies, same scores, once generated ids and wall-clock fields are set aside.
 */

/** The green as it was: all events every turn (the action log keeps the new ones), whole states. */
class WholeHistoryReader extends TurnStateReader {
  constructor(
    private readonly ues: UesClient,
    collector: NewMessageCollector,
  ) {
    super(ues, collector, undefined);
  }

  override async newEvents(options: { signal?: AbortSignal } = {}): Promise<EventResponse[]> {
    return (await this.ues.events.list({}, options)).events;
  }
}

// Character replies by email, SMS and to calendar invitations, and a purple that does much
// (with whether the characters reply in it: the comparison must cover what they were given).
const RUNS = [
  ['email_triage_basic', 'spam', false],
  ['follow_up_running_late_eta', 'oracle', true],
  ['coordination_dinner_venue_change', 'oracle', true],
  ['scheduling_conflict_bump', 'oracle', true],
  ['scheduling_kickoff_three_way', 'oracle', true],
  ['ask_back_budget_for_gift', 'spam', true],
] as const;

describe('incremental turns', () => {
  let green: LocalGreen;
  const scenarios = new ScenarioManager(DEFAULT_SCENARIOS_DIR);

  beforeAll(async () => {
    green = await startSuiteGreen();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await green?.close();
  });

  const assess = async (scenarioId: string, agent: string) => {
    const plan = agent === 'oracle' ? { oraclePlan: (await scenarios.load(scenarioId)).oracle! } : {};
    const outcome = await streamLocally(green, scenarioId, { agent, ...plan });
    // The updates show what the characters were given to answer and how many replies they wrote.
    return { results: outcome.rawResults, updates: outcome.updates };
  };

  it.each(RUNS)(
    '%s with the %s purple: the same results as re-reading everything',
    async (id, agent, replies) => {
      const incremental = await assess(id, agent);
      const forScenario = vi
        .spyOn(TurnStateReader, 'forScenario')
        .mockImplementation((client, collector) => new WholeHistoryReader(client, collector));
      let whole: Awaited<ReturnType<typeof assess>>;
      try {
        whole = await assess(id, agent);
        expect(forScenario).toHaveBeenCalledOnce();
      } finally {
        forScenario.mockRestore();
      }
      const results = incremental.results as { actions_taken: number; turns_taken: number };
      expect(results.turns_taken).toBeGreaterThan(1);
      expect(results.actions_taken).toBeGreaterThan(0);
      const written = incremental.updates
        .filter((update) => update.message_type === 'update_responses_generated')
        .reduce((sum, update) => sum + update.responses_count, 0);
      expect(written > 0).toBe(replies);
      expect(normaliseResults(incremental)).toEqual(normaliseResults(whole));
    },
  );
});
