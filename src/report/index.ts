import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PACKAGE_VERSION } from '../version.js';
import { el, raw, render, type Content } from './html.js';
import { isReadable, loadReportInput, type ReportInput } from './load-runs.js';
import { renderRun } from './render-run.js';
import { renderSuiteIndex } from './render-suite.js';
import { REPORT_CSS } from './styles.js';

/**
 * The HTML report of a run or a suite: one self-contained file (inline CSS and SVG, no script, no
 * network), built from the run directories' files only. See docs/REPORTS.md.
 */

export { loadReportInput, type ReportInput } from './load-runs.js';
export { ReportInputError } from './report-errors.js';

export const REPORT_FILE = 'report.html';

export function renderReport(input: ReportInput, options: { generatedAt?: Date } = {}): string {
  const readable = input.runs.filter(isReadable);
  const single = input.runs.length === 1 && readable.length === 1 && input.suite === undefined;
  const title = single
    ? `${readable[0]!.results.scenario_id} — UES AgentBeats report`
    : `Suite of ${input.runs.length} runs — UES AgentBeats report`;
  const generated = (options.generatedAt ?? new Date()).toISOString();
  const body: Content = [
    el(
      'header',
      { class: 'page' },
      el('h1', {}, title),
      el('p', {}, `From ${input.title} · generated ${generated} by ues-agentbeats ${PACKAGE_VERSION}`),
    ),
    single ? null : renderSuiteIndex(input),
    readable.map((run) => renderRun(run)),
  ];
  return (
    '<!DOCTYPE html>\n' +
    render(
      el(
        'html',
        { lang: 'en' },
        el(
          'head',
          {},
          raw('<meta charset="utf-8">'),
          raw('<meta name="viewport" content="width=device-width, initial-scale=1">'),
          // Nothing may be fetched: a report opened from a mail or an archive stays whole.
          raw(
            `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
          ),
          el('title', {}, title),
          raw(`<style>${REPORT_CSS}</style>`),
        ),
        el('body', {}, body),
      ),
    ) +
    '\n'
  );
}

/**
 * Builds the report of `paths` (a run directory, a results.json, or a folder of runs) and writes
 * it to `out` (default: `report.html` in the run directory, or in the folder of a suite).
 * @returns the path written and the number of runs in it.
 */
export async function writeReport(
  paths: readonly string[],
  out?: string,
): Promise<{ path: string; runs: number; bytes: number }> {
  const input = await loadReportInput(paths);
  const html = renderReport(input);
  const path = resolve(out ?? join(input.baseDir, REPORT_FILE));
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, html, 'utf8');
  return { path, runs: input.runs.length, bytes: Buffer.byteLength(html) };
}
