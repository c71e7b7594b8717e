import type { Logger } from 'pino';
import {
  parseWithSchema,
  TaskUpdateEmitter,
  UPDATE_SCHEMAS,
  type TaskUpdater,
  type UpdateFields,
  type UpdateType,
} from '../../protocol/index.js';
import type { SuiteTrial } from '../suite/suite-runner.js';

/**
 * The update stream of one trial of a suite. Trials may run side by side in one A2A task, so
 * their per-turn updates would interleave without saying whose they are, and a long suite would
 * pile thousands of them into the task's history. A trial therefore publishes only:
 * - `update_trial_progress` when one of its turns starts (scenario, trial, turn, simulated time);
 * - its `update_error_occurred`, its message prefixed with the scenario and trial.
 * Every other update is still validated (a malformed one is a bug) and then dropped; the trial's
 * `assessment_results` carries the whole record.
 */
export class TrialUpdateEmitter extends TaskUpdateEmitter {
  constructor(
    updater: TaskUpdater,
    private readonly trial: SuiteTrial,
    options: { logger?: Logger } = {},
  ) {
    super(updater, options);
  }

  override async emit<K extends UpdateType>(type: K, fields: UpdateFields<K>): Promise<boolean> {
    if (type.startsWith('update_trial_')) return super.emit(type, fields);
    const { trial } = this;
    const scenarioId = trial.scenario.config.scenario_id;
    if (type === 'update_turn_started') {
      const turn = fields as UpdateFields<'update_turn_started'>;
      return super.emit('update_trial_progress', {
        assessment_id: trial.assessmentId,
        scenario_id: scenarioId,
        trial: trial.trial,
        turn_number: turn.turn_number,
        current_time: turn.current_time,
      });
    }
    if (type === 'update_error_occurred') {
      const error = fields as UpdateFields<'update_error_occurred'>;
      return super.emit('update_error_occurred', {
        ...error,
        error_message: `${scenarioId} trial ${trial.trial}: ${error.error_message}`,
        context: { ...error.context, scenario_id: scenarioId, trial: trial.trial },
      });
    }
    parseWithSchema(UPDATE_SCHEMAS[type], { ...fields, message_type: type }, type);
    return true;
  }
}
