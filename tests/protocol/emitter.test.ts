import { Role, TaskState } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import {
  ProtocolError,
  TaskUpdateEmitter,
  TaskUpdater,
  UPDATE_SCHEMAS,
  describeUpdate,
  parseUpdate,
  type UpdateType,
} from '../../src/protocol/index.js';
import { recordingBus } from './a2a/recording-bus.js';
import { validUpdates } from './fixtures.js';

function setup() {
  const { bus, events } = recordingBus();
  const updater = new TaskUpdater(bus, 'task-1', 'ctx-1');
  return { events, updater, emitter: new TaskUpdateEmitter(updater) };
}

const methodFor: Record<UpdateType, keyof TaskUpdateEmitter> = {
  update_assessment_started: 'assessmentStarted',
  update_scenario_loaded: 'scenarioLoaded',
  update_turn_started: 'turnStarted',
  update_turn_completed: 'turnCompleted',
  update_responses_generated: 'responsesGenerated',
  update_simulation_advanced: 'simulationAdvanced',
  update_evaluation_started: 'evaluationStarted',
  update_criterion_evaluated: 'criterionEvaluated',
  update_assessment_completed: 'assessmentCompleted',
  update_error_occurred: 'errorOccurred',
  update_action_observed: 'actionObserved',
  update_trial_started: 'trialStarted',
  update_trial_progress: 'trialProgress',
  update_trial_completed: 'trialCompleted',
};

describe('TaskUpdateEmitter', () => {
  it.each(Object.keys(UPDATE_SCHEMAS) as UpdateType[])(
    '%s is a working status with an agent message: TextPart log line + DataPart object',
    async (type) => {
      const { events, emitter } = setup();
      const { message_type: _type, ...fields } = validUpdates[type];
      const emit = emitter[methodFor[type]] as (fields: unknown) => Promise<boolean>;
      await expect(emit.call(emitter, fields)).resolves.toBe(true);

      expect(events).toHaveLength(1);
      const event = events[0];
      if (event?.kind !== 'statusUpdate') throw new Error(`expected a status update, got ${event?.kind}`);
      expect(event.data.status?.state).toBe(TaskState.TASK_STATE_WORKING);
      const message = event.data.status!.message!;
      expect(message.role).toBe(Role.ROLE_AGENT);
      const [text, data] = message.parts;
      expect(text?.content?.$case).toBe('text');
      expect(data?.content?.$case).toBe('data');
      const payload = data?.content?.$case === 'data' ? (data.content.value as unknown) : undefined;
      expect(payload).toEqual(validUpdates[type]);
      expect(Object.getPrototypeOf(payload)).toBe(Object.prototype);
      expect(text?.content?.$case === 'text' ? text.content.value : '').toBe(
        describeUpdate(parseUpdate(payload)),
      );
    },
  );

  it('keeps error_occurred in the working state so the executor owns the terminal state', async () => {
    const { events, emitter, updater } = setup();
    await emitter.errorOccurred({
      error_type: 'internal_error',
      error_message: 'UES crashed',
      recoverable: false,
    });
    expect(updater.isTerminal).toBe(false);
    expect(
      events.map((event) => (event.kind === 'statusUpdate' ? event.data.status?.state : event.kind)),
    ).toEqual([TaskState.TASK_STATE_WORKING]);
    expect(updater.failed('UES crashed')).toBe(true);
  });

  it('resolves to false once the task is terminal', async () => {
    const { events, emitter, updater } = setup();
    updater.complete();
    await expect(
      emitter.turnStarted({ turn_number: 1, current_time: '2026-01-28T06:00:00Z', events_pending: 0 }),
    ).resolves.toBe(false);
    expect(events).toHaveLength(1);
  });

  it('rejects a malformed update with a ProtocolError and publishes nothing', async () => {
    const { events, emitter } = setup();
    await expect(
      emitter.turnCompleted({ turn_number: 1, actions_taken: 0, time_advanced: 'an hour' }),
    ).rejects.toThrow(ProtocolError);
    await expect(
      emitter.turnCompleted({ turn_number: 1, actions_taken: 0, time_advanced: 'an hour' }),
    ).rejects.toThrow('update_turn_completed.time_advanced: "an hour" is not an ISO 8601 duration');
    expect(events).toHaveLength(0);
  });

  it('fills defaults before publishing', async () => {
    const { events, emitter } = setup();
    await emitter.turnCompleted({ turn_number: 1, actions_taken: 0, time_advanced: 'PT1H' });
    const event = events[0];
    const part = event?.kind === 'statusUpdate' ? event.data.status?.message?.parts[1] : undefined;
    expect(part?.content).toEqual({
      $case: 'data',
      value: {
        message_type: 'update_turn_completed',
        turn_number: 1,
        actions_taken: 0,
        time_advanced: 'PT1H',
        early_completion_requested: false,
      },
    });
  });

  it('logs plain text updates', async () => {
    const { events, emitter } = setup();
    await expect(emitter.log('still waiting for the purple')).resolves.toBe(true);
    const event = events[0];
    expect(event?.kind === 'statusUpdate' ? event.data.status?.message?.parts : undefined).toEqual([
      expect.objectContaining({ content: { $case: 'text', value: 'still waiting for the purple' } }),
    ]);
  });
});
