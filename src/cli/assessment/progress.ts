import type { TaskStateName, TaskUpdate } from '../../protocol/index.js';

/** Minimal writable the progress display needs (process.stdout, or a buffer in tests). */
export interface TextSink {
  write(text: string): unknown;
}

const clock = (iso: string): string => iso.slice(11, 16);

function preview(value: unknown, length = 60): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > length ? `${oneLine.slice(0, length - 1)}…` : oneLine;
}

function describeParameters(action: string, parameters: Record<string, unknown>): string {
  if (action === 'chat.send_message' && parameters.content !== undefined) {
    const content = Array.isArray(parameters.content)
      ? parameters.content.map((block) => (block as { text?: string }).text ?? '').join(' ')
      : parameters.content;
    return `“${preview(content)}”`;
  }
  if (typeof parameters.subject === 'string') return `“${preview(parameters.subject, 50)}”`;
  if (Array.isArray(parameters.message_ids)) return `${parameters.message_ids.length} message(s)`;
  if (typeof parameters.title === 'string') return `“${preview(parameters.title, 50)}”`;
  return '';
}

/**
 * Live, line-oriented progress of an assessment: turns with their simulated time, the assistant's
 * actions, character replies, criteria as they are judged, and errors.
 */
export class ProgressPrinter {
  constructor(private readonly out: TextSink) {}

  line(text: string): void {
    this.out.write(`${text}\n`);
  }

  update(update: TaskUpdate): void {
    switch (update.message_type) {
      case 'update_assessment_started':
        return this.line(
          `▶ assessment ${update.assessment_id} — scenario ${update.scenario_id}, starts ${update.start_time}`,
        );
      case 'update_scenario_loaded':
        return this.line(
          `  ${update.scenario_name}: ${update.character_count} characters, ${update.criteria_count} criteria`,
        );
      case 'update_turn_started':
        return this.line(
          `\n● turn ${update.turn_number}  ${clock(update.current_time)}  (${update.events_pending} events pending)`,
        );
      case 'update_action_observed':
        return this.line(
          `    ${update.success ? '✓' : '✗'} ${update.action} ${describeParameters(update.action, update.parameters)}${
            update.error_message ? ` — ${update.error_message}` : ''
          }${update.notes ? `\n      ↳ ${update.notes}` : ''}`,
        );
      case 'update_responses_generated':
        if (update.responses_count === 0) return;
        return this.line(
          `    ↩ ${update.responses_count} reply(ies) scheduled from ${update.characters_involved.join(', ')}`,
        );
      case 'update_simulation_advanced':
        return this.line(
          `    ⏱ ${clock(update.previous_time)} → ${clock(update.new_time)} (${update.duration}, ${update.events_processed} events)`,
        );
      case 'update_turn_completed':
        return this.line(
          `    turn ${update.turn_number} done: ${update.actions_taken} action(s)${update.early_completion_requested ? ', early completion' : ''}`,
        );
      case 'update_evaluation_started':
        return this.line(`\n⚖ judging ${update.criteria_count} criteria (${update.dimensions.join(', ')})`);
      case 'update_criterion_evaluated':
        // `evaluation_method` says "programmatic" for checks that may well have used the LLM, so
        // only a rubric is labelled here; the score table shows each criterion's actual method.
        return this.line(
          `    ${update.criterion_id.padEnd(32)} ${
            update.evaluated === false
              ? 'not evaluated'
              : `${round(update.score)} / ${round(update.max_score)}${update.evaluation_method === 'llm' ? '  [llm rubric]' : ''}`
          }`,
        );
      case 'update_error_occurred':
        return this.line(
          `    ⚠ ${update.error_type}: ${update.error_message}${update.recoverable ? '' : ' (fatal)'}`,
        );
      case 'update_assessment_completed':
        return this.line(
          `\n■ finished (${update.end_reason ?? update.reason}) after ${update.total_turns} turns, ${update.total_actions} actions, ${round(update.duration_seconds)} s`,
        );
    }
  }

  statusText(state: TaskStateName, text: string): void {
    if (state === 'working') return; // heartbeats
    this.line(`  [${state}] ${text}`);
  }
}

export const round = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(1));
