import type { GoldReport, MutantRow, RunRow, StyleRow } from '../../green/gold/gate.js';
import { GOLD_BOUNDS } from '../../green/gold/gate.js';

/** The gold gate's report as text: agreement per run, mutants caught, styles kept. */

const pct = (value: number): string => (Number.isFinite(value) ? value.toFixed(1).padStart(6) : '     —');
/** ok, NO, or OPEN: an open finding (gold/open-findings.json) that does not hold yet. */
const mark = (row: { ok: boolean; open: string | null }): string =>
  row.ok ? 'ok  ' : row.open !== null ? 'OPEN' : 'NO  ';

export function runLine(row: RunRow): string {
  const fault = row.at_fault
    .slice(0, 3)
    .map((d) => `${d.criterion_id} ${d.rescored}/${d.fair}`)
    .join(', ');
  const problems = row.problems.length > 0 ? ` — ${row.problems.join('; ')}` : '';
  return `${mark(row)} ${`${row.scenario_id}/${row.run_id}`.padEnd(52)} ${pct(row.rescored)} ${pct(row.fair)} ${(row.delta >= 0 ? '+' : '') + row.delta.toFixed(1)}  ${fault}${problems}`;
}

export function mutantLine(row: MutantRow): string {
  const expected = 'harm' in row.expect ? 'harm' : `−${row.expect.loss}`;
  const got = row.harm ? 'harm' : `−${(row.gold - row.mutant).toFixed(1)}`;
  const problems = row.problems.length > 0 ? ` — ${row.problems.join('; ')}` : '';
  return `${mark(row)} ${`${row.scenario_id}/${row.run_id}/${row.mutant_id}`.padEnd(70)} ${pct(row.gold)} ${pct(row.mutant)}  expected ${expected}, got ${got} (${row.mistake})${problems}`;
}

export function styleLine(row: StyleRow): string {
  const problems = row.problems.length > 0 ? ` — ${row.problems.join('; ')}` : '';
  return `${mark(row)} ${`${row.scenario_id}/${row.style}`.padEnd(60)} ${pct(row.plain)} ${pct(row.styled)} ${row.drop.toFixed(1).padStart(6)}${problems}`;
}

export function renderGoldReport(report: GoldReport, options: { verbose?: boolean } = {}): string {
  const out: string[] = [];
  const { summary } = report;
  if (report.runs.length > 0) {
    out.push(
      `Gold runs (rescored vs fair, within ${GOLD_BOUNDS.runTolerance} points; criteria at fault as rescored/fair):`,
    );
    out.push(...report.runs.map(runLine), '');
  }
  const missed = report.mutants.filter((row) => !row.ok);
  if (report.mutants.length > 0) {
    out.push(
      `Careless mutants: ${summary.mutants_caught} of ${summary.mutants} caught (${summary.mutants_open} open findings)`,
    );
    out.push(...missed.map(mutantLine));
    if (summary.traps !== undefined) {
      out.push(`Traps with a careless mutant: ${summary.traps.covered} of ${summary.traps.traps}`);
      if (options.verbose) out.push(...summary.traps.uncovered.map((trap) => `  none yet: ${trap}`));
    }
    out.push('');
  }
  const dropped = report.styles.filter((row) => !row.ok);
  if (report.styles.length > 0) {
    out.push(
      `Styles: ${summary.styles_ok} of ${summary.styles} within ${GOLD_BOUNDS.styleTolerance} points of the plain oracle`,
    );
    out.push(...dropped.map(styleLine));
    const means = Object.entries(summary.mean_drop_by_style)
      .map(([style, drop]) => `${style} ${drop}`)
      .join(', ');
    out.push(`Mean drop by style: ${means}`, '');
  }
  out.push(
    `Summary: ${summary.runs_ok}/${summary.runs} runs within ${GOLD_BOUNDS.runTolerance} (${summary.runs_open} open; mean absolute error ${summary.mean_absolute_error}, at most ${GOLD_BOUNDS.meanAbsoluteError}), ` +
      `${summary.mutants_caught}/${summary.mutants} mutants caught (${summary.mutants_open} open), ${summary.styles_ok}/${summary.styles} styles kept (${summary.styles_open} open).`,
  );
  out.push(...report.problems.map((problem) => `Problem: ${problem}`));
  out.push(report.ok ? 'The gold gate holds.' : 'The gold gate does NOT hold.');
  return out.join('\n');
}
