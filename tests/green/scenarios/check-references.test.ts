import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScenarioManager, ScenarioValidationError } from '../../../src/green/scenarios/index.js';
import { minimalScenario, tempScenarios, type TempScenarios } from './fixtures.js';

/** Checks are validated against the scenario when it loads, never half-way through an evaluation. */

const deliverableCheck = (deliverable: string) => ({
  criterion_id: 'report',
  name: 'Report',
  description: 'The hourly report.',
  dimension: 'accuracy',
  max_score: 10,
  check: { kind: 'deliverables', deliverable, measure: 'coverage' },
});

const GROUND_TRUTH = JSON.stringify({
  deliverables: [
    {
      id: 'report',
      schedule: { deadlines: ['2026-02-01T10:00:00Z'] },
      items: [{ id: 'a', source: { email: 'missing_email' }, facts: [{ person: 'ghost' }, { text: 'x' }] }],
    },
  ],
});

describe('check references', () => {
  let temp: TempScenarios;
  beforeEach(async () => {
    temp = await tempScenarios();
  });
  afterEach(() => temp.close());

  async function load(id: string, criteria: unknown[], files: Record<string, string> = {}, extra = {}) {
    const scenario = { ...minimalScenario(id), criteria, ...extra };
    await temp.write(id, { scenario, files });
    return new ScenarioManager(temp.root).load(id);
  }

  it('names an unknown deliverable, person and source message', async () => {
    const error = await load(
      'refs',
      [deliverableCheck('nope')],
      { 'ground_truth.json': GROUND_TRUTH },
      { ground_truth: 'ground_truth.json' },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScenarioValidationError);
    const text = String((error as Error).message);
    expect(text).toContain('unknown deliverable "nope" (ground truth has: report)');
    expect(text).toContain('unknown person "ghost"');
    expect(text).toContain('email:missing_email is not in the initial state');
  });

  it('names a recipient that is neither a person nor an address', async () => {
    const minefield = {
      criterion_id: 'harm',
      name: 'Harm',
      description: 'No harm.',
      dimension: 'safety',
      max_score: 10,
      check: { kind: 'minefields', mines: [{ type: 'uninvolved', id: 'u', involved: ['the boss'] }] },
    };
    const task = {
      ...deliverableCheck('x'),
      check: { kind: 'milestones', milestones: [{ id: 'm', match: { action: 'email.send' } }] },
    };
    await expect(load('people', [task, minefield])).rejects.toThrow(
      /"the boss" is neither a person of the scenario nor an address/,
    );
  });

  it('names an unknown person a moment waits to hear from', async () => {
    const claim = {
      ...deliverableCheck('x'),
      check: {
        kind: 'state',
        assertions: [
          {
            type: 'no_claim',
            id: 'early',
            claims: [{ text: 'confirmed' }],
            window: { before: { heard_from: ['the restaurant'] } },
          },
        ],
      },
    };
    await expect(load('moment_person', [claim])).rejects.toThrow(
      /"the restaurant" is neither a person of the scenario nor an address/,
    );
  });

  it('refuses a scenario with no task criterion (every score would be 0)', async () => {
    const process = { ...deliverableCheck('x'), check: { kind: 'budgets', measure: 'calls', baseline: 5 } };
    await expect(load('no_task', [process])).rejects.toThrow(/no criterion measures the task/);
  });
});
