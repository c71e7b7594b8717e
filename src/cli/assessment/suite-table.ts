import {
  DIMENSIONS,
  type Dimension,
  type MeanWithInterval,
  type SuiteResults,
} from '../../protocol/index.js';

/**
 * The tables printed at the end of a suite: one row per scenario (trials passed, mean ± 95 %
 * interval, pass@k, pass^k), then one row per family and overall with a column per dimension.
 */

const pct = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : `${(value * 100).toFixed(0)} %`;

/** `75.0 % [62–88]`: the mean and its 95 % interval (clamped to 0–100), or the mean alone. */
function meanText(stat: MeanWithInterval | null): string {
  if (stat === null) return '—';
  const mean = `${(stat.mean * 100).toFixed(1)} %`;
  if (stat.ci95_low === null || stat.ci95_high === null) return mean;
  return `${mean} [${(stat.ci95_low * 100).toFixed(0)}–${(stat.ci95_high * 100).toFixed(0)}]`;
}

const SHORT: Readonly<Record<Dimension, string>> = {
  accuracy: 'accuracy',
  instruction_following: 'instructions',
  efficiency: 'efficiency',
  safety: 'safety',
  politeness: 'politeness',
};

export function renderSuiteTables(suite: SuiteResults): string {
  const k = suite.trials;
  const lines: string[] = [];
  const shard = suite.shard.count > 1 ? `, shard ${suite.shard.index + 1} of ${suite.shard.count}` : '';
  lines.push(
    `Suite — ${suite.selection}${shard} — ${suite.participant} — ${suite.scenarios.length} scenario(s) × ${k} trial(s), seed ${suite.seed} — status ${suite.status}`,
  );
  lines.push('');
  const idWidth = Math.max(24, ...suite.scenarios.map((s) => s.scenario_id.length + 2));
  const familyWidth = Math.max(14, ...suite.scenarios.map((s) => s.family.length + 2));
  lines.push(
    `  ${'scenario'.padEnd(idWidth)}${'family'.padEnd(familyWidth)}${'passed'.padStart(7)}  ${'mean [95 % CI]'.padEnd(20)}${`pass@${k}`.padStart(8)}${`pass^${k}`.padStart(8)}  status`,
  );
  for (const s of suite.scenarios) {
    lines.push(
      `  ${s.scenario_id.padEnd(idWidth)}${s.family.padEnd(familyWidth)}${`${s.trials_passed}/${s.trials_run}`.padStart(7)}  ${meanText(s.overall).padEnd(20)}${pct(s.pass_at_k).padStart(8)}${pct(s.pass_hat_k).padStart(8)}  ${s.status}${
        s.error ? ` — ${s.error.split('\n')[0]}` : ''
      }`,
    );
  }
  lines.push('');
  const dimensions = DIMENSIONS.filter(
    (d) =>
      suite.overall.dimensions[d] !== undefined || suite.families.some((f) => f.dimensions[d] !== undefined),
  );
  const rowWidth = Math.max(16, ...suite.families.map((f) => f.family.length + 2));
  lines.push(
    `  ${'family'.padEnd(rowWidth)}${'scenarios'.padStart(10)}${dimensions.map((d) => SHORT[d].padStart(14)).join('')}${'overall'.padStart(10)}${`pass^${k}`.padStart(9)}`,
  );
  const row = (
    name: string,
    scenarios: number,
    values: Partial<Record<Dimension, number>>,
    mean: number | null,
    passHat: number | null,
  ): string =>
    `  ${name.padEnd(rowWidth)}${String(scenarios).padStart(10)}${dimensions.map((d) => pct(values[d]).padStart(14)).join('')}${pct(mean).padStart(10)}${pct(passHat).padStart(9)}`;
  for (const family of suite.families) {
    lines.push(row(family.family, family.scenarios, family.dimensions, family.mean, family.pass_hat_k));
  }
  const { overall } = suite;
  lines.push(row('all', overall.scenarios, overall.dimensions, overall.mean, overall.pass_hat_k));
  lines.push('');
  lines.push(
    `  ${overall.trials_completed} of ${overall.trials_run} trials completed, ${overall.trials_passed} passed; ` +
      `pass@${k} ${pct(overall.pass_at_k)}, pass^${k} ${pct(overall.pass_hat_k)} (mean over scenarios). ` +
      'Scores are shares of each scenario’s maximum; [low–high] is the 95 % t-interval over its trials.',
  );
  return lines.join('\n');
}
