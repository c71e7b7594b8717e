import { describe, expect, it } from 'vitest';
import { SuiteProgressPrinter } from '../../../src/cli/assessment/suite-progress.js';
import type { TaskUpdate } from '../../../src/protocol/index.js';

class Sink {
  text = '';
  constructor(readonly isTTY: boolean) {}
  write(chunk: string): void {
    this.text += chunk;
  }
  /** What a terminal would show: carriage returns and line clears applied. */
  screen(): string {
    const clear = '\r\u001b[2K';
    return this.text
      .split('\n')
      .map((line) => line.slice(line.lastIndexOf(clear) === -1 ? 0 : line.lastIndexOf(clear) + clear.length))
      .join('\n');
  }
}

const started = (trial: number, count: number): TaskUpdate => ({
  message_type: 'update_trial_started',
  assessment_id: `t/a/${trial}`,
  scenario_id: 'a',
  trial,
  trials: 2,
  seed: 40 + trial,
  started: count,
  total: 2,
});
const progress = (trial: number, turn: number): TaskUpdate => ({
  message_type: 'update_trial_progress',
  assessment_id: `t/a/${trial}`,
  scenario_id: 'a',
  trial,
  turn_number: turn,
  current_time: '2026-01-28T07:00:00Z',
});
const completed = (trial: number, count: number): TaskUpdate => ({
  message_type: 'update_trial_completed',
  assessment_id: `t/a/${trial}`,
  scenario_id: 'a',
  trial,
  trials: 2,
  status: 'completed',
  score: 15,
  max_score: 20,
  passed: true,
  duration_seconds: 1,
  completed: count,
  total: 2,
  error: null,
});

function feed(printer: SuiteProgressPrinter): void {
  printer.update(started(1, 1));
  printer.update(started(2, 2));
  printer.update(progress(1, 3));
  printer.update(progress(2, 1));
}

describe('SuiteProgressPrinter', () => {
  it('prints a line per trial start and end, without a status line off a terminal', () => {
    const sink = new Sink(false);
    const printer = new SuiteProgressPrinter(sink);
    feed(printer);
    printer.update(completed(1, 1));
    printer.statusText('working', 'Still working');
    printer.statusText('completed', 'Suite completed');
    expect(sink.text).not.toContain('\r');
    expect(sink.text.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^▶ a #1\s+seed 41 {2}\(1\/2 started\)$/),
      expect.stringMatching(/^▶ a #2\s+seed 42 {2}\(2\/2 started\)$/),
      expect.stringMatching(/^■ a #1\s+completed\s+75 % {2}✓ pass {2}\(1\/2 done\)$/),
      '  [completed] Suite completed',
    ]);
  });

  it('keeps one status line with each running trial’s turn on a terminal', () => {
    const sink = new Sink(true);
    const printer = new SuiteProgressPrinter(sink);
    feed(printer);
    expect(sink.screen().split('\n').at(-1)).toBe('  … 0/2 done — a #1 turn 3 · a #2 turn 1');
    printer.update(completed(1, 1));
    const screen = sink.screen().split('\n');
    expect(screen.at(-2)).toMatch(/^■ a #1/);
    expect(screen.at(-1)).toBe('  … 1/2 done — a #2 turn 1');
    printer.finish();
    expect(sink.screen().split('\n').at(-1)).toBe('');
  });
});
