import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUND_TRUTH } from '../../../scenarios/email_triage_basic/lib/ground-truth.js';
import { startTestUes, type TestUes } from '../../ues/helpers.js';
import { SCENARIO, SCENARIO_DIR } from './context.js';

/** ground_truth.json must agree with initial_state.json, the data the UES actually runs. */

const initial = JSON.parse(readFileSync(new URL('initial_state.json', SCENARIO_DIR), 'utf8'));
const existing: Record<string, any> = initial.scenario.environment.modality_states.email.emails;
const events: any[] = initial.scenario.events.events;
/** The original's labels (derived from its ground_truth.py), kept as a fixture. */
const reference = JSON.parse(
  readFileSync(new URL('fixtures/ground_truth.derived.json', import.meta.url), 'utf8'),
);

function sameInstant(a: string, b: string): boolean {
  return Date.parse(a) === Date.parse(b);
}

describe('ground_truth.json', () => {
  it('has the 49 emails: 7 pre-existing at 06:00 and 42 at their event scheduled_time', () => {
    expect(GROUND_TRUTH.emails).toHaveLength(49);
    expect(GROUND_TRUTH.counts).toEqual({ total: 49, noise: 20, substantive: 29 });
    expect(GROUND_TRUTH.emails.filter((email) => email.is_noise)).toHaveLength(20);
    expect(sameInstant(GROUND_TRUTH.scenario_start, SCENARIO.start_time)).toBe(true);
    expect(sameInstant(GROUND_TRUTH.scenario_end, SCENARIO.end_time)).toBe(true);
    const preExisting = GROUND_TRUTH.emails.filter((email) => email.pre_existing);
    expect(preExisting.map((email) => email.email_id).sort()).toEqual(Object.keys(existing).sort());
    for (const email of preExisting) {
      const stored = existing[email.email_id];
      expect(sameInstant(email.available_at, SCENARIO.start_time)).toBe(true);
      expect(Date.parse(stored.received_at)).toBeLessThanOrEqual(Date.parse(SCENARIO.start_time));
      expect(email.from_address).toBe(stored.from_address);
      expect(email.subject).toBe(stored.subject);
      expect(email.ues_thread_id).toBe(stored.thread_id);
    }
    const arriving = GROUND_TRUTH.emails.filter((email) => !email.pre_existing);
    expect(arriving).toHaveLength(42);
    expect(events).toHaveLength(42);
    for (const event of events) {
      const email = arriving.find((candidate) => candidate.email_id === event.data.message_id);
      expect(email, event.data.message_id).toBeDefined();
      expect(event.data.operation).toBe('receive');
      expect(sameInstant(email!.available_at, event.scheduled_time)).toBe(true);
      expect(email!.from_address).toBe(event.data.from_address);
      expect(email!.subject).toBe(event.data.subject);
      expect(email!.ues_thread_id).toBe(event.data.thread_id);
    }
  });

  it('keeps the original labels (class, urgency, hint, thread) from the derived reference', () => {
    for (const email of GROUND_TRUTH.emails) {
      const original = reference.emails.find((candidate: any) => candidate.email_id === email.email_id);
      expect(original, email.email_id).toBeDefined();
      expect({
        category: email.category,
        is_noise: email.is_noise,
        urgency: email.urgency,
        sender_name: email.sender_name,
        summary_hint: email.summary_hint,
        thread_id: email.thread_id,
      }).toEqual({
        category: original.category,
        is_noise: original.is_noise,
        urgency: original.urgency,
        sender_name: original.sender_name,
        summary_hint: original.summary_hint,
        thread_id: original.thread_id,
      });
    }
    expect(GROUND_TRUTH.thread_tracking.non_initial_thread_email_ids).toEqual(
      reference.non_initial_thread_email_ids,
    );
    expect(GROUND_TRUTH.thread_tracking.cross_thread_connections).toEqual(reference.cross_thread_connections);
    expect(GROUND_TRUTH.thread_tracking.email_ids).toHaveLength(14);
  });

  it('threads list their emails in arrival order and every thread email points back to its thread', () => {
    for (const thread of Object.values(GROUND_TRUTH.threads)) {
      const times = thread.email_ids.map((id) =>
        Date.parse(GROUND_TRUTH.emails.find((e) => e.email_id === id)!.available_at),
      );
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      for (const id of thread.email_ids) {
        expect(GROUND_TRUTH.emails.find((e) => e.email_id === id)!.thread_id).toBe(thread.thread_id);
      }
    }
  });

  it('marks[] agree with the arrival times (summary at M covers (M−1h, M], the 07:00 one the backlog too)', () => {
    expect(GROUND_TRUTH.marks.map((mark) => mark.mark.slice(11, 16))).toEqual(
      ['07', '08', '09', '10', '11', '12', '13', '14', '15', '16', '17', '18'].map((h) => `${h}:00`),
    );
    const seen = new Set<string>();
    for (const mark of GROUND_TRUTH.marks) {
      const end = Date.parse(mark.mark);
      const expected = GROUND_TRUTH.emails.filter((email) => {
        const time = Date.parse(email.available_at);
        return (
          (time > end - 3_600_000 && time <= end) || (mark === GROUND_TRUTH.marks[0] && email.pre_existing)
        );
      });
      expect([...mark.substantive_email_ids, ...mark.noise_email_ids].sort()).toEqual(
        expected.map((e) => e.email_id).sort(),
      );
      expect(mark.is_quiet_hour).toBe(mark.substantive_email_ids.length === 0);
      for (const id of [...mark.substantive_email_ids, ...mark.noise_email_ids]) seen.add(id);
    }
    expect(seen.size).toBe(49);
    expect(
      GROUND_TRUTH.marks.filter((mark) => mark.is_quiet_hour).map((mark) => mark.mark.slice(11, 16)),
    ).toEqual(['13:00']);
  });

  describe('against a live simulator', () => {
    let ues: TestUes;
    beforeAll(async () => {
      ues = await startTestUes({ running: false });
      const imported = await ues.call('POST', '/scenario/import/full', { body: initial });
      expect(imported.status).toBe(200);
      expect((await ues.call('POST', '/simulation/start', { body: { auto_advance: false } })).status).toBe(
        200,
      );
    });
    afterAll(() => ues.close());

    it('the inbox at each turn start holds exactly the emails available by then', async () => {
      for (let hour = 0; hour <= 12; hour++) {
        if (hour > 0) await ues.call('POST', '/simulator/time/advance', { body: { seconds: 3600 } });
        const now = Date.parse((await ues.call('GET', '/simulator/time')).body.current_time);
        expect(now).toBe(Date.parse(SCENARIO.start_time) + hour * 3_600_000);
        const state = (await ues.call('GET', '/email/state')).body;
        const inInbox = Object.keys(state.emails).sort();
        const expected = GROUND_TRUTH.emails
          .filter((email) => Date.parse(email.available_at) <= now)
          .map((e) => e.email_id);
        expect(inInbox).toEqual(expected.sort());
      }
    });
  });
});
