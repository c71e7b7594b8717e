import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewMessageCollector } from '../../../src/green/assessment/new-message-collector.js';
import { captureStateSnapshot } from '../../../src/green/assessment/state-snapshot.js';
import { TurnStateReader } from '../../../src/green/assessment/turn-state-reader.js';
import { PURPLE_PERMISSIONS } from '../../../src/green/assessment/index.js';
import type { StateSnapshot } from '../../../src/green/judge/types.js';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../../src/green/scenarios/index.js';
import type { ScenarioInput, UesClient } from '../../../src/ues/client/index.js';
import { startAdminUes } from '../../support/ues.js';

/**
 * The reader's state mirror against the simulator it follows: after any sequence of what a purple
 * and the green's characters do — every modality, scheduled arrivals, time advancing — the state
 * the mirror renders is byte for byte the state the simulator serves, and the new messages it
 * reports are those a whole-state diff finds.
 */

type Op =
  | { kind: 'send_email'; to: number; replyTo: number | null }
  | {
      kind: 'email_flag';
      action: 'read' | 'unread' | 'star' | 'unstar' | 'archive' | 'delete';
      target: number;
    }
  | { kind: 'email_label'; label: string; remove: boolean; target: number }
  | { kind: 'email_arrives'; from: number; inMinutes: number; replyTo: number | null }
  | { kind: 'send_sms'; to: number }
  | { kind: 'sms_flag'; action: 'read' | 'unread' | 'delete' | 'react'; target: number }
  | { kind: 'sms_arrives'; from: number; inMinutes: number }
  | { kind: 'create_event'; hour: number; recurring: boolean; invite: number }
  | { kind: 'update_event'; target: number; title: string; occurrence: boolean }
  | { kind: 'respond'; target: number; response: 'accepted' | 'declined' | 'tentative'; later: boolean }
  | { kind: 'delete_event'; target: number }
  | { kind: 'chat'; user: boolean; later: boolean }
  | { kind: 'contact'; target: number; update: boolean }
  | { kind: 'advance'; minutes: number };

const index = fc.nat(1_000);
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('send_email' as const), to: index, replyTo: fc.option(index) }),
  fc.record({
    kind: fc.constant('email_flag' as const),
    action: fc.constantFrom('read', 'unread', 'star', 'unstar', 'archive', 'delete' as const),
    target: index,
  }),
  fc.record({
    kind: fc.constant('email_label' as const),
    label: fc.constantFrom('work', 'later', 'family'),
    remove: fc.boolean(),
    target: index,
  }),
  fc.record({
    kind: fc.constant('email_arrives' as const),
    from: index,
    inMinutes: fc.integer({ min: 0, max: 90 }),
    replyTo: fc.option(index),
  }),
  fc.record({ kind: fc.constant('send_sms' as const), to: index }),
  fc.record({
    kind: fc.constant('sms_flag' as const),
    action: fc.constantFrom('read', 'unread', 'delete', 'react' as const),
    target: index,
  }),
  fc.record({
    kind: fc.constant('sms_arrives' as const),
    from: index,
    inMinutes: fc.integer({ min: 0, max: 90 }),
  }),
  fc.record({
    kind: fc.constant('create_event' as const),
    hour: fc.integer({ min: 0, max: 47 }),
    recurring: fc.boolean(),
    invite: index,
  }),
  fc.record({
    kind: fc.constant('update_event' as const),
    target: index,
    title: fc.constantFrom('Moved', 'Renamed'),
    occurrence: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('respond' as const),
    target: index,
    response: fc.constantFrom('accepted', 'declined', 'tentative' as const),
    later: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('delete_event' as const), target: index }),
  fc.record({ kind: fc.constant('chat' as const), user: fc.boolean(), later: fc.boolean() }),
  fc.record({ kind: fc.constant('contact' as const), target: index, update: fc.boolean() }),
  fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 120 }) }),
);

const pick = <T>(items: readonly T[], at: number): T | undefined =>
  items.length === 0 ? undefined : items[at % items.length];

/** One scripted world: the simulator, a purple key, and what the ops pick from. */
class World {
  constructor(
    readonly admin: UesClient,
    readonly purple: UesClient,
    private state: StateSnapshot,
  ) {}

  update(state: StateSnapshot): void {
    this.state = state;
  }

  private get user() {
    return { email: this.state.email.user_email_address, phone: this.state.sms.user_phone_number };
  }

  private get people(): string[] {
    const addresses = new Set<string>();
    for (const email of Object.values(this.state.email.emails)) addresses.add(email.from_address);
    addresses.delete(this.user.email);
    return [...addresses, 'someone@example.org'].sort();
  }

  private get numbers(): string[] {
    const numbers = new Set<string>();
    for (const message of Object.values(this.state.sms.messages)) numbers.add(message.from_number);
    numbers.delete(this.user.phone);
    return [...numbers, '+15550001111'].sort();
  }

  private later(minutes: number): string {
    return new Date(Date.parse(this.state.time.current_time) + minutes * 60_000).toISOString();
  }

  async run(op: Op): Promise<void> {
    const { purple, admin } = this;
    const emails = Object.values(this.state.email.emails);
    const sms = Object.values(this.state.sms.messages);
    const events = Object.values(this.state.calendar.events);
    const contacts = Object.values(this.state.contacts.contacts ?? {}) as Array<{ contact_id: string }>;
    switch (op.kind) {
      case 'send_email': {
        const original = op.replyTo === null ? undefined : pick(emails, op.replyTo);
        await purple.email.send({
          from_address: this.user.email,
          to_addresses: [pick(this.people, op.to)!],
          subject: original ? `Re: ${original.subject}` : 'Hello',
          body_text: 'Sounds good.',
          ...(original ? { thread_id: original.thread_id, in_reply_to: original.message_id } : {}),
        });
        return;
      }
      case 'email_flag': {
        const target = pick(emails, op.target);
        if (target) await purple.email[op.action]({ message_ids: [target.message_id] });
        return;
      }
      case 'email_label': {
        const target = pick(emails, op.target);
        if (!target) return;
        const request = { message_ids: [target.message_id], labels: [op.label] };
        await (op.remove ? purple.email.unlabel(request) : purple.email.label(request));
        return;
      }
      case 'email_arrives': {
        const original = op.replyTo === null ? undefined : pick(emails, op.replyTo);
        await admin.events.create({
          scheduled_time: this.later(op.inMinutes),
          modality: 'email',
          data: {
            operation: 'receive',
            from_address: pick(this.people, op.from)!,
            to_addresses: [this.user.email],
            subject: original ? `Re: ${original.subject}` : 'News',
            body_text: 'Here is the news.',
            ...(original ? { thread_id: original.thread_id, in_reply_to: original.message_id } : {}),
          },
        });
        return;
      }
      case 'send_sms':
        await purple.sms.send({
          from_number: this.user.phone,
          to_numbers: [pick(this.numbers, op.to)!],
          body: 'ok',
        });
        return;
      case 'sms_flag': {
        const target = pick(sms, op.target);
        if (!target) return;
        if (op.action === 'react') {
          await purple.sms.react({
            message_id: target.message_id,
            phone_number: this.user.phone,
            emoji: '👍',
          });
        } else {
          await purple.sms[op.action]({ message_ids: [target.message_id] });
        }
        return;
      }
      case 'sms_arrives':
        await admin.events.create({
          scheduled_time: this.later(op.inMinutes),
          modality: 'sms',
          data: {
            operation: 'receive_message',
            from_number: pick(this.numbers, op.from)!,
            to_numbers: [this.user.phone],
            body: 'On my way',
          },
        });
        return;
      case 'create_event': {
        const start = this.later(op.hour * 60);
        await purple.calendar.create({
          title: 'Sync',
          start,
          end: new Date(Date.parse(start) + 3_600_000).toISOString(),
          attendees: [{ email: pick(this.people, op.invite)! }],
          ...(op.recurring ? { recurrence: { frequency: 'daily', end_type: 'count', count: 4 } } : {}),
        });
        return;
      }
      case 'update_event': {
        const target = pick(events, op.target);
        if (!target) return;
        const occurrence = op.occurrence && target.recurrence ? target.start.slice(0, 10) : undefined;
        await purple.calendar.update({
          event_id: target.event_id,
          title: op.title,
          ...(occurrence ? { recurrence_scope: 'this', recurrence_id: occurrence } : {}),
        });
        return;
      }
      case 'respond': {
        const target = pick(events, op.target);
        const attendee = target?.attendees.find((person) => person.email !== this.user.email);
        if (!target || !attendee) return;
        const data = { event_id: target.event_id, attendee_email: attendee.email, response: op.response };
        if (op.later) {
          await admin.events.create({
            scheduled_time: this.later(10),
            modality: 'calendar',
            data: { operation: 'respond', ...data },
          });
        } else {
          await admin.calendar.respond(data);
        }
        return;
      }
      case 'delete_event': {
        const target = pick(events, op.target);
        if (target) await purple.calendar.delete({ event_id: target.event_id });
        return;
      }
      case 'chat':
        if (op.later) {
          await admin.events.create({
            scheduled_time: this.later(5),
            modality: 'chat',
            data: { role: op.user ? 'user' : 'assistant', content: 'later' },
          });
        } else {
          await (op.user ? admin : purple).chat.send({
            role: op.user ? 'user' : 'assistant',
            content: 'now',
          });
        }
        return;
      case 'contact': {
        const target = pick(contacts, op.target);
        if (op.update && target)
          await purple.contacts.update({ contact_id: target.contact_id, nickname: 'Nick' });
        else
          await purple.contacts.create({
            first_name: 'New',
            identifiers: [{ identifier_type: 'email', value: `new${op.target}@example.org` }],
          });
        return;
      }
      case 'advance':
        await admin.time.advance(op.minutes * 60);
        return;
    }
  }
}

describe('TurnStateReader and its state mirror', () => {
  let ues: Awaited<ReturnType<typeof startAdminUes>>;
  let scenario: { scenario: unknown; strict_modalities: boolean };
  beforeAll(async () => {
    ues = await startAdminUes();
    scenario = (await new ScenarioManager(DEFAULT_SCENARIOS_DIR).load('scheduling_kickoff_three_way'))
      .initialState;
  });
  afterAll(() => ues.instance.stop());

  it('renders the state the simulator serves and finds the messages a whole-state diff finds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 20, maxLength: 60 }), async (ops) => {
        const { client: admin } = ues;
        await admin.simulation.clear({});
        await admin.scenario.importFull({
          scenario: scenario.scenario as ScenarioInput,
          strict_modalities: scenario.strict_modalities,
        });
        await admin.simulation.start({ auto_advance: false });
        const key = await admin.keys.create({ name: 'purple', permissions: [...PURPLE_PERMISSIONS] });
        await admin.chat.send({ role: 'user', content: 'Please help.' });
        const initial = await captureStateSnapshot(admin);
        const incremental = new NewMessageCollector(admin);
        const whole = new NewMessageCollector(admin);
        incremental.initializeFrom(initial);
        whole.initializeFrom(initial);
        const reader = TurnStateReader.forScenario(admin, incremental, scenario);
        const world = new World(admin, admin.withApiKey(key.secret), initial);
        // Each op, then the green's look after a turn: the reader's state against the simulator's.
        for (const op of [...ops, { kind: 'advance', minutes: 1 } as const]) {
          await world.run(op).catch(() => undefined); // a refused call changes nothing
          if (op.kind !== 'advance') continue;
          await reader.newEvents();
          const now = (await admin.time.get()).current_time;
          const read = await reader.readState(now);
          const actual = await captureStateSnapshot(admin);
          expect(JSON.stringify(await read.snapshot())).toBe(JSON.stringify(actual));
          expect(JSON.stringify(read.newMessages)).toBe(JSON.stringify(whole.collectFrom(actual)));
          world.update(actual);
        }
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
