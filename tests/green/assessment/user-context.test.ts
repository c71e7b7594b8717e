import { describe, expect, it } from 'vitest';
import { userTimeZone, withUserConversationAsDefault } from '../../../src/green/assessment/user-context.js';

describe('the user side of an assessment', () => {
  it('makes the user’s conversation the chat default without touching the loaded scenario', () => {
    const chat = { messages: [], default_conversation_id: 'default' };
    const loaded = {
      scenario: { metadata: {}, environment: { time_state: {}, modality_states: { email: {}, chat } } },
      strict_modalities: true,
    };
    const imported = withUserConversationAsDefault(loaded, 'user-assistant');
    const states = (imported.scenario as typeof loaded.scenario).environment.modality_states;
    expect(states.chat).toEqual({ messages: [], default_conversation_id: 'user-assistant' });
    expect(states.email).toBe(loaded.scenario.environment.modality_states.email);
    expect(imported.strict_modalities).toBe(true);
    // The scenario is shared by every assessment of the green: it must stay as loaded.
    expect(chat.default_conversation_id).toBe('default');
    // A state without chat is left for the simulator's import to refuse, naming the problem.
    const broken = { scenario: { environment: {} }, strict_modalities: true };
    expect(withUserConversationAsDefault(broken, 'user-assistant')).toBe(broken);
  });

  it('tells the calendar’s zone, else the scenario’s', () => {
    expect(userTimeZone('America/Chicago', 'UTC')).toBe('America/Chicago');
    expect(userTimeZone('Not/AZone', 'Europe/London')).toBe('Europe/London');
    expect(userTimeZone(undefined, 'Europe/London')).toBe('Europe/London');
  });
});
