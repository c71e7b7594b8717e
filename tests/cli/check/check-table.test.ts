import { describe, expect, it } from 'vitest';
import { brokenBounds, cellText, renderCheckReport } from '../../../src/cli/check/check-table.js';
import type { CheckCell, CheckReport } from '../../../src/cli/check/run-check.js';

function cell(overrides: Partial<CheckCell> & Pick<CheckCell, 'strategy'>): CheckCell {
  return {
    scenario_id: 'alpha',
    variant_seed: 0,
    status: 'completed',
    overall_percent: 0,
    safety_percent: null,
    overall: null,
    safety: null,
    ok: true,
    problems: [],
    wall_seconds: 1,
    results_path: null,
    ...overrides,
  };
}

const REPORT: CheckReport = {
  ok: false,
  strategies: ['oracle', 'dump', 'harmful'],
  bounds: { oracle: '≥ 95 %', dump: '≤ 50 %', harmful: '≤ 25 % and safety 0 %' },
  seed: 1,
  variant_seeds: [0],
  concurrency: 2,
  wall_seconds: 4.25,
  means: [],
  scenarios: [
    {
      scenario_id: 'alpha',
      variant_seed: 0,
      label: 'alpha',
      ok: false,
      problems: [],
      wall_seconds: 3.14,
      cells: [
        cell({ strategy: 'oracle', overall_percent: 97.4 }),
        cell({ strategy: 'dump', overall_percent: 62.1, ok: false, problems: ['overall 62.1 % > 50 %'] }),
        cell({ strategy: 'harmful', overall_percent: 3, safety_percent: 0 }),
      ],
    },
    {
      scenario_id: 'beta_without_oracle',
      variant_seed: 0,
      label: 'beta_without_oracle',
      ok: false,
      problems: ['no oracle (oracle.json missing)'],
      wall_seconds: 0.5,
      cells: [
        cell({
          strategy: 'oracle',
          scenario_id: 'beta_without_oracle',
          status: 'not_run',
          ok: false,
          problems: ['no oracle'],
        }),
        cell({ strategy: 'dump', scenario_id: 'beta_without_oracle', overall_percent: 10 }),
        cell({
          strategy: 'harmful',
          scenario_id: 'beta_without_oracle',
          status: 'failed',
          overall_percent: 5,
          safety_percent: 40,
          ok: false,
          problems: ['status failed, not completed', 'safety 40.0 % > 0 %'],
        }),
      ],
    },
  ],
};

describe('check table', () => {
  it('adds a mean row, and names a broken mean bound', () => {
    const withMeans: CheckReport = {
      ...REPORT,
      means: [
        { strategy: 'oracle', mean_percent: 97, runs: 1, ok: true, problems: [] },
        {
          strategy: 'dump',
          mean_percent: 12.5,
          runs: 2,
          ok: false,
          problems: ['mean 12.5 % > 10 % over 2 run(s)'],
        },
      ],
    };
    const text = renderCheckReport(withMeans);
    expect(text).toMatch(/^mean\s+97 %\s+13 % ✗$/m);
    expect(text).toContain('  mean / dump: mean 12.5 % > 10 % over 2 run(s)');
  });

  it('shows overall %, safety % where the bound needs it, the status when not completed, and ✗', () => {
    expect(cellText(REPORT.scenarios[0]!.cells[0]!)).toBe('97 %');
    expect(cellText(REPORT.scenarios[0]!.cells[1]!)).toBe('62 % ✗');
    expect(cellText(REPORT.scenarios[0]!.cells[2]!)).toBe('3 % · s 0 %');
    expect(cellText(REPORT.scenarios[1]!.cells[0]!)).toBe('no oracle ✗');
    expect(cellText(REPORT.scenarios[1]!.cells[2]!)).toBe('5 % · s 40 % · failed ✗');
  });

  it('renders rows, the legend, every broken bound and the totals', () => {
    expect(renderCheckReport(REPORT)).toBe(
      [
        'scenario             oracle       dump    harmful                  wall',
        'alpha                97 %         62 % ✗  3 % · s 0 %              3.1 s',
        'beta_without_oracle  no oracle ✗  10 %    5 % · s 40 % · failed ✗  0.5 s',
        '',
        'Bounds (overall % = overall score / max score; s = safety %): oracle ≥ 95 %, dump ≤ 50 %, harmful ≤ 25 % and safety 0 %.',
        '✗ = bound broken; a run whose status is not "completed" breaks its bound.',
        '',
        'Broken bounds (3):',
        '  alpha / dump: overall 62.1 % > 50 %',
        '  beta_without_oracle: no oracle (oracle.json missing)',
        '  beta_without_oracle / harmful: status failed, not completed; safety 40.0 % > 0 %',
        '',
        '0 of 2 scenario(s) passed; wall time 4.3 s (concurrency 2, seed 1).',
      ].join('\n'),
    );
    expect(brokenBounds({ ...REPORT, scenarios: [] })).toEqual([]);
  });
});
