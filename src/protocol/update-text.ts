import type { TaskUpdate } from './updates.js';

/**
 * One-line human-readable log text for each update; the AgentBeats UI and console show the
 * TextPart of status messages, not the DataPart.
 */
export function describeUpdate(update: TaskUpdate): string {
  switch (update.message_type) {
    case 'update_assessment_started':
      return `Assessment ${update.assessment_id} started: scenario ${update.scenario_id}, participant ${update.participant_role ?? update.participant_url}, simulated start ${update.start_time}`;
    case 'update_scenario_loaded':
      return `Scenario ${update.scenario_id} (${update.scenario_name}) loaded: ${update.criteria_count} criteria, ${update.character_count} characters`;
    case 'update_turn_started':
      return `Turn ${update.turn_number} started at ${update.current_time}; ${update.events_pending} events pending`;
    case 'update_turn_completed':
      return `Turn ${update.turn_number} completed: ${update.actions_taken} actions, advanced ${update.time_advanced}${update.early_completion_requested ? '; early completion requested' : ''}`;
    case 'update_responses_generated':
      return `Turn ${update.turn_number}: ${update.responses_count} character responses${update.characters_involved.length > 0 ? ` from ${update.characters_involved.join(', ')}` : ''}`;
    case 'update_simulation_advanced':
      return `Simulation advanced ${update.duration} from ${update.previous_time} to ${update.new_time}; ${update.events_processed} events processed`;
    case 'update_evaluation_started':
      return `Evaluation started: ${update.criteria_count} criteria across ${update.dimensions.join(', ') || 'no dimensions'}`;
    case 'update_criterion_evaluated':
      return update.evaluated === false
        ? `Criterion ${update.criterion_id} (${update.dimension}) not evaluated (${update.evaluation_method})`
        : `Criterion ${update.criterion_id} (${update.dimension}): ${update.score}/${update.max_score} (${update.evaluation_method})`;
    case 'update_assessment_completed':
      return `Assessment completed (${update.reason}): ${update.total_turns} turns, ${update.total_actions} actions, score ${update.overall_score}/${update.max_score} in ${update.duration_seconds.toFixed(1)} s`;
    case 'update_error_occurred':
      return `${update.recoverable ? 'Recoverable error' : 'Error'} (${update.error_type}): ${update.error_message}`;
    case 'update_trial_started':
      return `Trial ${update.trial}/${update.trials} of ${update.scenario_id} started (seed ${update.seed}; ${update.started} of ${update.total} started)`;
    case 'update_trial_progress':
      return `Trial ${update.trial} of ${update.scenario_id}: turn ${update.turn_number} at ${update.current_time}`;
    case 'update_trial_completed':
      return `Trial ${update.trial}/${update.trials} of ${update.scenario_id} ${update.status}${
        update.score === null || update.max_score === null ? '' : `: ${update.score}/${update.max_score}`
      }${update.passed ? ', passed' : ''}${update.error ? ` — ${update.error}` : ''} (${update.completed} of ${update.total} done)`;
    case 'update_action_observed':
      return `Turn ${update.turn_number}: ${update.action} ${update.success ? 'succeeded' : `failed${update.error_message ? `: ${update.error_message}` : ''}`}${update.notes ? ` — ${update.notes}` : ''}`;
  }
}
