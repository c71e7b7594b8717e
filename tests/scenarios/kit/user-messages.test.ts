import { describe, expect, it } from 'vitest';
import { loadDefinition } from '../../../scenarios/_kit/build-cli.js';
import { buildScenarioFiles, validateScenarioFiles } from '../../../scenarios/_kit/build.js';

/**
 * The user's later chat messages (`userMessages`): scheduled chat messages with role `user` in
 * the conversation the task was posted in, which the real loader and simulator accept.
 */

describe('user messages in a definition', () => {
  it('become scheduled user chat messages in the task’s conversation', async () => {
    const pilot = await loadDefinition('scheduling_kickoff_three_way');
    const files = buildScenarioFiles({
      ...pilot,
      userMessages: [{ id: 'late_note', at: '12:00', body: 'Make it a Zoom call, please.' }],
    });
    const state = JSON.parse(files['initial_state.json']!) as {
      scenario: {
        events: {
          events: Array<{
            event_id: string;
            scheduled_time: string;
            modality: string;
            data: Record<string, unknown>;
          }>;
        };
      };
    };
    const event = state.scenario.events.events.find((e) => e.event_id === 'evt-late_note');
    expect(event).toMatchObject({
      scheduled_time: '2026-02-10T17:00:00Z',
      modality: 'chat',
      data: {
        operation: 'send_message',
        role: 'user',
        content: 'Make it a Zoom call, please.',
        conversation_id: 'user-assistant',
      },
    });
    expect(files['README.md']).toContain('chat `late_note`');
    await expect(validateScenarioFiles(pilot.id, files)).resolves.toBeDefined();
  }, 60_000);

  it('one at or before the start is refused, naming it', async () => {
    const pilot = await loadDefinition('scheduling_kickoff_three_way');
    expect(() =>
      buildScenarioFiles({ ...pilot, userMessages: [{ id: 'early', at: '09:00', body: 'Hi' }] }),
    ).toThrow('scenario scheduling_kickoff_three_way: user message early: must arrive after the start');
  });
});
