import { FakeListChatModel } from '@langchain/core/utils/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ResponseGenerator,
  ReplySchedulingError,
  scheduleReplies,
  seededRandom,
  type NewMessages,
} from '../../../src/green/characters/index.js';
import { createdCalendarEventId, type CalendarEvent } from '../../../src/ues/client/index.js';
import {
  ALEX,
  ALEX_PHONE,
  JORDAN,
  JORDAN_PHONE,
  OLIVIA,
  PRIYA,
  PRIYA_PHONE,
  START,
  STRANGER,
  startScenarioUes,
  testScenario,
  uesScenario,
  type ScenarioUes,
} from './fixtures.js';
import { RecordingOfflineModel } from './models.js';

const scenario = testScenario();
const none: NewMessages = { emails: [], sms: [], calendarEvents: [] };

describe('ResponseGenerator: SMS and calendar against a real UES', () => {
  let env: ScenarioUes;
  beforeEach(async () => {
    env = await startScenarioUes(uesScenario());
  });
  afterEach(async () => {
    await env.close();
  });

  const generator = (model: ConstructorParameters<typeof ResponseGenerator>[0]['model'], seed = 3) =>
    new ResponseGenerator({
      client: env.admin,
      scenario,
      model,
      random: seededRandom(seed),
      userEmail: ALEX,
      userPhone: ALEX_PHONE,
    });

  it('answers an outgoing SMS in the same conversation, at the drawn time only', async () => {
    await env.admin.sms.receive({ from_number: PRIYA_PHONE, to_numbers: [ALEX_PHONE], body: 'Lunch?' });
    await env.assistant.sms.send({
      from_number: ALEX_PHONE,
      to_numbers: [JORDAN_PHONE],
      body: 'Are you joining the 3pm call?',
    });
    const { messages } = await env.admin.sms.query({ sort_by: 'sent_at', sort_order: 'asc' });
    const sent = messages.find((message) => message.direction === 'outgoing')!;

    const replies = await generator(new RecordingOfflineModel()).generate({ ...none, sms: messages }, START);
    expect(replies).toHaveLength(1); // Priya's incoming "Lunch?" triggers nothing
    const [reply] = replies;
    expect(reply).toMatchObject({
      character_id: 'jordan',
      modality: 'sms',
      reply_to: sent.message_id,
      event: {
        modality: 'sms',
        data: {
          operation: 'receive_message',
          from_number: JORDAN_PHONE,
          to_numbers: [ALEX_PHONE],
          thread_id: sent.thread_id,
          replied_to_message_id: sent.message_id,
        },
      },
    });
    // Jordan answers the question in his own words; nothing of the text is quoted back.
    const body = String(reply!.event.data.body);
    expect(body).toMatch(/^Hi Alex! /);
    expect(body).not.toContain('3pm call');
    expect(body).not.toMatch(/["“”…]/);

    await scheduleReplies(env.admin, replies);
    const at = Date.parse(reply!.scheduled_time);
    const fromJordan = async () => (await env.admin.sms.query({ from_number: JORDAN_PHONE })).messages;
    await env.admin.time.advance((at - Date.parse(START)) / 1000 - 1);
    expect(await fromJordan()).toEqual([]);
    await env.admin.time.advance(1);
    const [arrived] = await fromJordan();
    expect(arrived).toMatchObject({
      thread_id: sent.thread_id,
      direction: 'incoming',
      replied_to_message_id: sent.message_id,
      body: reply!.event.data.body,
    });
    expect(Date.parse(arrived!.sent_at)).toBe(at);
  });

  async function invite(fields: {
    organizer?: string;
    attendees: string[];
    title?: string;
  }): Promise<CalendarEvent> {
    const created = await env.assistant.calendar.create({
      title: fields.title ?? 'Q3 planning',
      start: '2025-01-07T15:00:00Z',
      end: '2025-01-07T16:00:00Z',
      ...(fields.organizer ? { organizer: fields.organizer } : {}),
      attendees: fields.attendees.map((email) => ({ email })),
    });
    const id = createdCalendarEventId(created)!;
    const { events } = await env.admin.calendar.query({});
    return events.find((event) => event.event_id === id)!;
  }

  it('RSVPs for invited characters who have not answered, delivered through the calendar respond operation', async () => {
    const event = await invite({ organizer: ALEX, attendees: [JORDAN, PRIYA, OLIVIA, STRANGER] });
    // Priya answered already (through /calendar/respond), so only Jordan still needs to.
    await env.admin.calendar.respond({
      event_id: event.event_id,
      attendee_email: PRIYA,
      response: 'declined',
    });
    const current = (await env.admin.calendar.query({})).events[0]!;

    const model = new RecordingOfflineModel();
    const gen = generator(model);
    const replies = await gen.generate({ ...none, calendarEvents: [current] }, START);
    expect(replies.map((reply) => reply.character_id)).toEqual(['jordan']);
    expect(replies[0]).toMatchObject({
      modality: 'calendar',
      reply_to: event.event_id,
      event: {
        modality: 'calendar',
        data: {
          operation: 'respond',
          event_id: event.event_id,
          attendee_email: JORDAN,
          response: 'accepted',
          response_comment: 'Thanks Alex, I\'ll be at "Q3 planning".',
        },
      },
    });
    expect(model.promptsFor('calendar_rsvp', 'Jordan Lee')[0]).toContain(
      '- Alex Thompson: Alex reports to Jordan; Jordan trusts Alex with the Q3 plan.',
    );

    await scheduleReplies(env.admin, replies);
    const jordanResponse = async () =>
      (await env.admin.calendar.query({})).events[0]!.attendees.find((attendee) => attendee.email === JORDAN);
    const at = Date.parse(replies[0]!.scheduled_time);
    await env.admin.time.advance((at - Date.parse(START)) / 1000 - 1);
    expect(await jordanResponse()).toMatchObject({ response: 'needs-action' });
    await env.admin.time.advance(1);
    expect(await jordanResponse()).toMatchObject({
      response: 'accepted',
      comment: 'Thanks Alex, I\'ll be at "Q3 planning".',
    });

    // The same invitation reported again (its updated_at changed) gets no second answer.
    const after = (await env.admin.calendar.query({})).events[0]!;
    expect(await gen.generate({ ...none, calendarEvents: [after] }, after.updated_at)).toEqual([]);
  });

  it('uses the model’s RSVP decision and comment', async () => {
    const event = await invite({ attendees: [JORDAN] }); // no organizer named: the user's own event
    const model = new FakeListChatModel({
      responses: ['{"status": "declined", "comment": "I am at the offsite that day.", "reasoning": "busy"}'],
    });
    const [reply] = await generator(model).generate({ ...none, calendarEvents: [event] }, START);
    expect(reply!.event.data).toMatchObject({
      response: 'declined',
      response_comment: 'I am at the offsite that day.',
    });
  });

  it('does not RSVP to invitations organised by someone else', async () => {
    const event = await invite({ organizer: JORDAN, attendees: [ALEX, PRIYA] });
    const model = new RecordingOfflineModel();
    expect(await generator(model).generate({ ...none, calendarEvents: [event] }, START)).toEqual([]);
    expect(model.prompts).toEqual([]);
  });

  it('scheduleReplies reports what it could not schedule and keeps what it did', async () => {
    await env.assistant.sms.send({ from_number: ALEX_PHONE, to_numbers: [JORDAN_PHONE], body: 'Call me?' });
    const { messages } = await env.admin.sms.query({});
    const [reply] = await generator(new RecordingOfflineModel()).generate({ ...none, sms: messages }, START);
    const past = { ...reply!, scheduled_time: '2025-01-06T08:00:00Z' };
    const error = await scheduleReplies(env.admin, [past, reply!]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReplySchedulingError);
    const failure = error as ReplySchedulingError;
    expect(failure.scheduledEventIds).toHaveLength(1);
    expect(failure.failures.map((entry) => entry.reply)).toEqual([past]);
    expect(failure.message).toContain('jordan');
    expect((await env.admin.events.get(failure.scheduledEventIds[0]!)).status).toBe('pending');
  });
});
