import { dirname, normalize } from 'node:path';
import { DIMENSIONS, type AssessmentResults } from '../protocol/index.js';
import { miniBar } from './charts.js';
import { el, number, percent, type Content, type Html } from './html.js';
import { isReadable, type ReportInput } from './load-runs.js';
import { statusBadge } from './render-run.js';
import type { SuiteSummary } from './suite-summary.js';

/**
 * The top of a suite report: one row per scenario (or per run, without a suite summary) linking
 * to its section below, with the suite's means, intervals and pass rates when the summary exists.
 */

const pct = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : `${Math.round(value * 100)} %`;

export function renderSuiteIndex(input: ReportInput): Html {
  return el(
    'section',
    { class: 'suite', id: 'suite' },
    input.suite ? summaryTables(input.suite, input) : null,
    el('h2', {}, `Runs (${input.runs.length})`),
    runTable(input),
  );
}

function summaryTables(suite: SuiteSummary, input: ReportInput): Content {
  const overall = suite.overall;
  const runBySource = new Map(input.runs.map((run) => [normalize(run.source), run.id]));
  const link = (resultsFile: string | undefined): string | undefined =>
    resultsFile === undefined ? undefined : runBySource.get(normalize(dirname(resultsFile)));
  return [
    el('h2', {}, 'Suite ', suite.status ? statusBadge(suite.status) : null),
    el(
      'dl',
      { class: 'facts' },
      [
        ['selection', suite.selection ?? '—'],
        ['trials per scenario', String(suite.trials ?? '—')],
        ['base seed', String(suite.seed ?? '—')],
        ['shard', suite.shard ? `${suite.shard.index + 1} of ${suite.shard.count}` : '—'],
        ['mean overall', pct(overall.mean)],
        [
          'pass rate · pass@k · pass^k',
          `${pct(overall.pass_rate)} · ${pct(overall.pass_at_k)} · ${pct(overall.pass_hat_k)}`,
        ],
      ].map(([name, value]) => [el('dt', {}, name), el('dd', {}, value)]),
    ),
    suite.families.length > 0
      ? el(
          'table',
          { class: 'family-table' },
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              ['family', 'scenarios', 'mean', 'pass rate', 'pass@k', 'pass^k'].map((h) => el('th', {}, h)),
            ),
          ),
          el(
            'tbody',
            {},
            suite.families.map((family) =>
              el(
                'tr',
                {},
                el('td', {}, family.family),
                el('td', {}, String(family.scenarios ?? '—')),
                el('td', {}, pct(family.mean)),
                el('td', {}, pct(family.pass_rate)),
                el('td', {}, pct(family.pass_at_k)),
                el('td', {}, pct(family.pass_hat_k)),
              ),
            ),
          ),
        )
      : null,
    el(
      'table',
      { class: 'scenario-table' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ['scenario', 'family', 'mean (95 % interval)', 'pass@k', 'pass^k', 'trials'].map((h) =>
            el('th', {}, h),
          ),
        ),
      ),
      el(
        'tbody',
        {},
        suite.scenarios.map((scenario) =>
          el(
            'tr',
            { 'data-scenario': scenario.scenario_id },
            el(
              'td',
              {},
              el('strong', {}, scenario.scenario_id),
              scenario.error ? el('div', { class: 'failed-text' }, scenario.error) : null,
            ),
            el('td', {}, scenario.family ?? '—'),
            el(
              'td',
              {},
              scenario.overall
                ? `${pct(scenario.overall.mean)}${scenario.overall.ci95_low !== null && scenario.overall.ci95_low !== undefined ? ` (${pct(scenario.overall.ci95_low)}–${pct(scenario.overall.ci95_high)})` : ''}`
                : '—',
            ),
            el('td', {}, pct(scenario.pass_at_k)),
            el('td', {}, pct(scenario.pass_hat_k)),
            el(
              'td',
              {},
              scenario.trials.map((trial) => {
                const target = link(trial.results_file);
                const text = `#${trial.trial} ${trial.status}${trial.overall ? ` ${pct(trial.overall.fraction)}` : ''}${trial.passed ? ' ✓' : ''}`;
                return [
                  target
                    ? el('a', { href: `#${target}`, class: 'trial' }, text)
                    : el('span', { class: 'trial' }, text),
                  ' ',
                ];
              }),
            ),
          ),
        ),
      ),
    ),
  ];
}

function runTable(input: ReportInput): Html {
  const present = DIMENSIONS.filter((dimension) =>
    input.runs.some((run) => isReadable(run) && run.results.scores.dimensions[dimension] !== undefined),
  );
  return el(
    'table',
    { class: 'run-table' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', {}, 'run'),
        el('th', {}, 'scenario'),
        el('th', {}, 'status'),
        el('th', {}, 'overall'),
        present.map((d) => el('th', {}, d.replace(/_/g, ' '))),
        el('th', {}, 'turns'),
      ),
    ),
    el(
      'tbody',
      {},
      input.runs.map((run) => {
        if (!isReadable(run)) {
          return el(
            'tr',
            { class: 'unreadable' },
            el('td', {}, run.source),
            el(
              'td',
              { colspan: present.length + 4 },
              el('span', { class: 'failed-text' }, `unreadable: ${run.error}`),
            ),
          );
        }
        const { results } = run;
        return el(
          'tr',
          { 'data-run': run.id },
          el('td', {}, el('a', { href: `#${run.id}` }, run.source), trialLabel(results)),
          el('td', {}, results.scenario_id),
          el('td', {}, statusBadge(results.status)),
          el(
            'td',
            { class: 'num' },
            `${number(results.scores.overall.score)} / ${number(results.scores.overall.max_score)} `,
            miniBar(results.scores.overall.score, results.scores.overall.max_score),
            ` ${percent(results.scores.overall.score, results.scores.overall.max_score)}`,
          ),
          present.map((dimension) => {
            const score = results.scores.dimensions[dimension];
            return el('td', { class: 'num' }, score ? percent(score.score, score.max_score) : '—');
          }),
          el('td', { class: 'num' }, String(results.turns_taken)),
        );
      }),
    ),
  );
}

/** `(trial i of k)` for the results of one trial of a suite (`metadata.trial`). */
function trialLabel(results: AssessmentResults): Content {
  const trial = results.metadata?.['trial'] as { index?: unknown; count?: unknown } | undefined;
  if (typeof trial?.index !== 'number') return null;
  const of = typeof trial.count === 'number' ? ` of ${trial.count}` : '';
  return el('span', { class: 'muted' }, ` (trial ${trial.index}${of})`);
}
