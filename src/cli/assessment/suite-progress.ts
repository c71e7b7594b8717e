import type { TaskStateName, TaskUpdate } from '../../protocol/index.js';
import type { TextSink } from './progress.js';

/**
 * The live view of a suite: a line when a trial starts and when it ends (its score, pass or not,
 * how many are done), errors as they happen and, on a terminal, one status line redrawn in place
 * with the turn each running trial is at. Without a terminal (a log file, CI) only the lines.
 */

export interface SuiteProgressSink extends TextSink {
  isTTY?: boolean;
}

const CLEAR_LINE = '\r\u001b[2K';

const percent = (score: number | null, max: number | null): string =>
  score === null || max === null || max <= 0 ? '—' : `${((score / max) * 100).toFixed(0)} %`;

export class SuiteProgressPrinter {
  /** Running trials by assessment id: their label and last turn. */
  private readonly running = new Map<string, { label: string; turn: number | undefined }>();
  private statusShown = false;
  private done = 0;
  private total = 0;

  constructor(private readonly out: SuiteProgressSink) {}

  line(text: string): void {
    this.clearStatus();
    this.out.write(`${text}\n`);
    this.drawStatus();
  }

  update(update: TaskUpdate): void {
    switch (update.message_type) {
      case 'update_trial_started': {
        const label = `${update.scenario_id} #${update.trial}`;
        this.total = update.total;
        this.running.set(update.assessment_id, { label, turn: undefined });
        return this.line(
          `▶ ${label.padEnd(36)} seed ${update.seed}  (${update.started}/${update.total} started)`,
        );
      }
      case 'update_trial_progress': {
        const trial = this.running.get(update.assessment_id);
        if (trial !== undefined) trial.turn = update.turn_number;
        this.clearStatus();
        this.drawStatus();
        return;
      }
      case 'update_trial_completed': {
        this.running.delete(update.assessment_id);
        this.done = update.completed;
        this.total = update.total;
        const label = `${update.scenario_id} #${update.trial}`;
        const verdict = update.passed ? '✓ pass' : '✗ fail';
        return this.line(
          `■ ${label.padEnd(36)} ${update.status.padEnd(10)} ${percent(update.score, update.max_score).padStart(5)}  ${verdict}  (${update.completed}/${update.total} done)${
            update.error ? ` — ${update.error.split('\n')[0]}` : ''
          }`,
        );
      }
      case 'update_error_occurred':
        return this.line(
          `  ⚠ ${update.error_type}: ${update.error_message}${update.recoverable ? '' : ' (fatal)'}`,
        );
      default:
        return;
    }
  }

  statusText(state: TaskStateName, text: string): void {
    if (state === 'working') return; // heartbeats
    this.line(`  [${state}] ${text}`);
  }

  /** Removes the status line for good (before the final tables). */
  finish(): void {
    this.clearStatus();
    this.running.clear();
  }

  private drawStatus(): void {
    if (this.out.isTTY !== true || this.running.size === 0) return;
    const trials = [...this.running.values()]
      .map(({ label, turn }) => (turn === undefined ? label : `${label} turn ${turn}`))
      .join(' · ');
    this.out.write(`  … ${this.done}/${this.total} done — ${trials}`.slice(0, 200));
    this.statusShown = true;
  }

  private clearStatus(): void {
    if (!this.statusShown) return;
    this.out.write(CLEAR_LINE);
    this.statusShown = false;
  }
}
