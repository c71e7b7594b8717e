import type { Logger } from 'pino';
import { dataPart, textPart } from './a2a/parts.js';
import type { TaskUpdater } from './a2a/task-updater.js';
import { parseWithSchema } from './parse.js';
import { describeUpdate } from './update-text.js';
import { UPDATE_SCHEMAS, type TaskUpdate, type UpdateFields, type UpdateType } from './updates.js';

/**
 * Publishes AgentBeats task updates as A2A `working` status updates: an agent-role message with a
 * TextPart log line and a DataPart holding the update object. Every update — including
 * `error_occurred` — stays `working`; the executor alone publishes the terminal state.
 *
 * Each method validates the update (a malformed update is a bug: ProtocolError) and resolves to
 * whether it was published (false once the task is terminal). Callers await every call.
 */
export class TaskUpdateEmitter {
  private readonly updater: TaskUpdater;
  private readonly logger: Logger | undefined;

  constructor(updater: TaskUpdater, options: { logger?: Logger } = {}) {
    this.updater = updater;
    this.logger = options.logger;
  }

  async emit<K extends UpdateType>(type: K, fields: UpdateFields<K>): Promise<boolean> {
    const update = parseWithSchema(
      UPDATE_SCHEMAS[type],
      { ...fields, message_type: type },
      type,
    ) as TaskUpdate;
    const text = describeUpdate(update);
    this.logger?.debug({ update }, text);
    const message = this.updater.agentMessage([textPart(text), dataPart(update)]);
    return this.updater.working(message);
  }

  assessmentStarted(fields: UpdateFields<'update_assessment_started'>): Promise<boolean> {
    return this.emit('update_assessment_started', fields);
  }

  scenarioLoaded(fields: UpdateFields<'update_scenario_loaded'>): Promise<boolean> {
    return this.emit('update_scenario_loaded', fields);
  }

  turnStarted(fields: UpdateFields<'update_turn_started'>): Promise<boolean> {
    return this.emit('update_turn_started', fields);
  }

  turnCompleted(fields: UpdateFields<'update_turn_completed'>): Promise<boolean> {
    return this.emit('update_turn_completed', fields);
  }

  responsesGenerated(fields: UpdateFields<'update_responses_generated'>): Promise<boolean> {
    return this.emit('update_responses_generated', fields);
  }

  simulationAdvanced(fields: UpdateFields<'update_simulation_advanced'>): Promise<boolean> {
    return this.emit('update_simulation_advanced', fields);
  }

  evaluationStarted(fields: UpdateFields<'update_evaluation_started'>): Promise<boolean> {
    return this.emit('update_evaluation_started', fields);
  }

  criterionEvaluated(fields: UpdateFields<'update_criterion_evaluated'>): Promise<boolean> {
    return this.emit('update_criterion_evaluated', fields);
  }

  assessmentCompleted(fields: UpdateFields<'update_assessment_completed'>): Promise<boolean> {
    return this.emit('update_assessment_completed', fields);
  }

  errorOccurred(fields: UpdateFields<'update_error_occurred'>): Promise<boolean> {
    return this.emit('update_error_occurred', fields);
  }

  actionObserved(fields: UpdateFields<'update_action_observed'>): Promise<boolean> {
    return this.emit('update_action_observed', fields);
  }

  trialStarted(fields: UpdateFields<'update_trial_started'>): Promise<boolean> {
    return this.emit('update_trial_started', fields);
  }

  trialProgress(fields: UpdateFields<'update_trial_progress'>): Promise<boolean> {
    return this.emit('update_trial_progress', fields);
  }

  trialCompleted(fields: UpdateFields<'update_trial_completed'>): Promise<boolean> {
    return this.emit('update_trial_completed', fields);
  }

  /** A plain text `working` update, e.g. a heartbeat during a long purple turn. */
  async log(text: string): Promise<boolean> {
    return this.updater.working(text);
  }
}
