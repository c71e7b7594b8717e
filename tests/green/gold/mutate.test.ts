import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyEdits, MutationError } from '../../../src/green/gold/mutate.js';
import { editSchema } from '../../../src/green/gold/schema.js';
import { readGoldRuns } from '../../../src/green/gold/store.js';

/** The calendar edits of a careless mutant: a repeat rule changed, an invitation answered. */

const GOLD = fileURLToPath(new URL('../../../gold/', import.meta.url));

describe('mutant calendar edits', () => {
  it('set_event changes a series’ repeat rule in the log and the final state', async () => {
    const [run] = await readGoldRuns(GOLD, ['scheduling_transatlantic_dst_series']);
    const weekly = { frequency: 'weekly', interval: 1, days_of_week: ['tuesday'], end_type: 'never' };
    const out = applyEdits(run!.input, [
      editSchema.parse({ op: 'set_event', action: { action: 'calendar.create' }, recurrence: weekly }),
    ]);
    const created = out.action_log.find((entry) => entry.action === 'calendar.create')!;
    expect(created.parameters['recurrence']).toEqual(weekly);
    const id = created.parameters['event_id'] as string;
    expect(out.final_state.calendar.events[id]!.recurrence).toEqual(weekly);
    // The saved run itself is untouched.
    expect(run!.input.final_state.calendar.events[id]!.recurrence).not.toEqual(weekly);
  });

  it('set_event must change something, and takes start and end together', () => {
    const action = { action: 'calendar.create' };
    expect(editSchema.safeParse({ op: 'set_event', action }).success).toBe(false);
    expect(editSchema.safeParse({ op: 'set_event', action, start: '2026-04-07T14:00:00Z' }).success).toBe(
      false,
    );
  });

  it('respond_invite answers an invitation for the user, and refuses one the user is not on', async () => {
    const [run] = await readGoldRuns(GOLD, ['triage_executive_three_day_briefs']);
    const at = '2026-04-14T13:00:00Z';
    const out = applyEdits(run!.input, [
      editSchema.parse({ op: 'respond_invite', at, event_id: 'kestrel_demo', response: 'accepted' }),
    ]);
    const answer = out.action_log.find((entry) => entry.action === 'calendar.respond')!;
    expect(answer).toMatchObject({
      timestamp: at,
      parameters: { event_id: 'kestrel_demo', response: 'accepted' },
    });
    const user = out.final_state.email.user_email_address;
    expect(
      out.final_state.calendar.events['kestrel_demo']!.attendees.find((a) => a.email === user)!.response,
    ).toBe('accepted');
    expect(() =>
      applyEdits(run!.input, [
        editSchema.parse({ op: 'respond_invite', at, event_id: 'no-such-event', response: 'accepted' }),
      ]),
    ).toThrow(MutationError);
  });

  it('recreate_event turns a move into a delete and a create that loses the event’s details', async () => {
    const [run] = await readGoldRuns(GOLD, ['triage_executive_three_day_briefs']);
    const out = applyEdits(run!.input, [
      editSchema.parse({ op: 'recreate_event', action: { action: 'calendar.update' } }),
    ]);
    const calendar = out.action_log.filter((entry) => entry.action.startsWith('calendar.'));
    expect(calendar.map((entry) => entry.action)).toEqual(['calendar.delete', 'calendar.create']);
    expect(out.final_state.calendar.events['supplier_review']).toBeUndefined();
    const made = out.final_state.calendar.events[calendar[1]!.parameters['event_id'] as string]!;
    const moved = run!.input.final_state.calendar.events['supplier_review']!;
    expect({ title: made.title, start: made.start, description: made.description }).toEqual({
      title: moved.title,
      start: moved.start,
      description: null,
    });
    expect(made.attendees.every((attendee) => attendee.response === 'needs-action')).toBe(true);
    expect(() =>
      applyEdits(run!.input, [
        editSchema.parse({ op: 'recreate_event', action: { action: 'chat.send_message' } }),
      ]),
    ).toThrow(MutationError);
  });
});
