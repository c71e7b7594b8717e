import { STRATEGY_BOUNDS, describeBound, type CheckStrategy } from './bounds.js';
import type { CheckCell, CheckReport } from './run-check.js';

/**
 * The console view of a check: one row per scenario, one column per strategy, each cell the
 * overall % (and safety % where the bound is about safety) with ✗ when the bound breaks; then the
 * legend, and every broken bound named.
 */

const BROKEN = '✗';

function percent(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(0)} %`;
}

export function cellText(cell: CheckCell): string {
  if (cell.status === 'not_run') return `${cell.problems[0] ?? 'not run'} ${BROKEN}`;
  const parts = [percent(cell.overall_percent)];
  if (STRATEGY_BOUNDS[cell.strategy].maxSafety !== undefined) parts.push(`s ${percent(cell.safety_percent)}`);
  if (cell.status !== 'completed') parts.push(cell.status);
  return `${parts.join(' · ')}${cell.ok ? '' : ` ${BROKEN}`}`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => [...row[column]!].length)));
  return rows.map((row) =>
    row
      .map((text, column) => text + ' '.repeat(widths[column]! - [...text].length))
      .join('  ')
      .trimEnd(),
  );
}

export function legend(strategies: readonly CheckStrategy[]): string {
  const bounds = strategies.map((strategy) => `${strategy} ${describeBound(STRATEGY_BOUNDS[strategy])}`);
  return (
    `Bounds (overall % = overall score / max score; s = safety %): ${bounds.join(', ')}.\n` +
    `${BROKEN} = bound broken; a run whose status is not "completed" breaks its bound.`
  );
}

function variantNote(report: CheckReport): string {
  const seeds = report.variant_seeds;
  if (seeds.length === 1 && seeds[0] === 0) return '';
  return `, variant seed${seeds.length === 1 ? '' : 's'} ${seeds.join(', ')}`;
}

/** Every broken bound, one line each: `scenario / strategy: why`. */
export function brokenBounds(report: CheckReport): string[] {
  const lines: string[] = [];
  for (const scenario of report.scenarios) {
    for (const problem of scenario.problems) lines.push(`${scenario.label}: ${problem}`);
    for (const cell of scenario.cells) {
      if (cell.ok || (cell.status === 'not_run' && scenario.problems.length > 0)) continue;
      lines.push(`${scenario.label} / ${cell.strategy}: ${cell.problems.join('; ')}`);
    }
  }
  for (const mean of report.means) {
    if (!mean.ok) lines.push(`mean / ${mean.strategy}: ${mean.problems.join('; ')}`);
  }
  return lines;
}

export function renderCheckReport(report: CheckReport): string {
  const header = ['scenario', ...report.strategies, 'wall'];
  const rows = report.scenarios.map((scenario) => [
    scenario.label,
    ...scenario.cells.map(cellText),
    `${scenario.wall_seconds.toFixed(1)} s`,
  ]);
  const meanCell = (strategy: CheckStrategy): string => {
    const mean = report.means.find((entry) => entry.strategy === strategy);
    return mean ? `${percent(mean.mean_percent)}${mean.ok ? '' : ` ${BROKEN}`}` : '';
  };
  const meanRow = report.means.length > 0 ? [['mean', ...report.strategies.map(meanCell), '']] : [];
  const lines = [...table([header, ...rows, ...meanRow]), '', legend(report.strategies)];
  const broken = brokenBounds(report);
  const passed = report.scenarios.filter((scenario) => scenario.ok).length;
  if (broken.length > 0) {
    lines.push('', `Broken bounds (${broken.length}):`, ...broken.map((line) => `  ${line}`));
  }
  lines.push(
    '',
    `${passed} of ${report.scenarios.length} scenario(s) passed; wall time ${report.wall_seconds.toFixed(1)} s (concurrency ${report.concurrency}, seed ${report.seed}${variantNote(report)}).`,
  );
  return lines.join('\n');
}
