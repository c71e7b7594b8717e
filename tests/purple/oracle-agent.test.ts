import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ASSESSMENT_INSTRUCTIONS,
  oraclePlanSchema,
  type InitialStateSummary,
  type OraclePlan,
} from '../../src/protocol/index.js';
import { PurpleAgentConfigError, createPurpleAgent } from '../../src/purple/index.js';
import { ORACLE_ACTIONS, OracleAgent } from '../../src/purple/baselines/index.js';
import type { TurnOutcome } from '../../src/purple/base-agent.js';
import { EMPTY_SUMMARY } from './support/green-messages.js';
import { receiveEmail, startPurpleUes, type PurpleUes } from './support/purple-ues.js';

/** The oracle purple against a real UES, driven turn by turn as the green would. */

const START = '2026-01-28T06:00:00Z';
const at = (time: string): string => `2026-01-28T${time}:00Z`;

function makePlan(steps: unknown[]): OraclePlan {
  return oraclePlanSchema.parse({ scenario_id: 'unit', description: 'Test plan.', steps });
}

async function startAgent(env: PurpleUes, plan: OraclePlan, style: 'plain' | 'paraphrased' = 'plain') {
  const agent = new OracleAgent({ plan, style });
  await agent.initialize({
    uesUrl: env.url,
    apiKey: env.purpleKey.secret,
    currentTime: new Date(START),
    summary: EMPTY_SUMMARY as InitialStateSummary,
    instructions: ASSESSMENT_INSTRUCTIONS,
  });
  let turn = 0;
  return {
    agent,
    /** Moves the clock to `time` (as the green's advance does) and runs one turn there. */
    async turnAt(time: string): Promise<TurnOutcome & { time_step?: string; notes?: string | null }> {
      const now = Date.parse((await env.admin.time.get()).current_time);
      if (Date.parse(time) > now) await env.advance((Date.parse(time) - now) / 1000);
      turn += 1;
      return (await agent.runTurn({
        turnNumber: turn,
        currentTime: new Date(time),
        eventsProcessed: 0,
        signal: new AbortController().signal,
      })) as TurnOutcome & { time_step?: string; notes?: string | null };
    },
  };
}

describe('oracle purple', () => {
  let env: PurpleUes;
  beforeEach(async () => {
    env = await startPurpleUes({ start: START });
    await env.postUserMessage('Summarise my email every hour.');
  });
  afterEach(() => env.close());

  it('runs each step in the first turn at or after its time, and asks for the time to the next step', async () => {
    const { turnAt } = await startAgent(
      env,
      makePlan([
        { at: at('06:00'), read: ['email', 'sms', 'calendar', 'chat'] },
        { at: at('06:00'), post: 'Six o’clock report.', paraphrase: 'The 6 AM rundown.' },
        { at: at('07:30'), post: 'Half past seven.', paraphrase: 'It is 7:30.' },
        { at: at('07:30'), post: 'Second post at 07:30.', paraphrase: 'Another 7:30 post.' },
      ]),
    );
    expect(await turnAt(at('06:00'))).toEqual({
      message_type: 'turn_complete',
      time_step: 'PT1H30M',
      notes: 'oracle: 2 step(s) run, 2 left',
    });
    expect(await env.assistantMessages()).toEqual(['Six o’clock report.']);
    expect(await turnAt(at('07:00'))).toMatchObject({
      time_step: 'PT30M',
      notes: 'oracle: 0 step(s) run, 2 left',
    });
    // Never less than a minute, even when the next step is seconds away.
    expect(await turnAt('2026-01-28T07:29:30Z')).toMatchObject({ time_step: 'PT1M' });
    expect(await turnAt(at('07:31'))).toMatchObject({
      time_step: 'P1D',
      notes: 'oracle: 2 step(s) run, 0 left',
    });
    // Posts of one turn share a timestamp, and the UES orders those by id: compare them as a set.
    const messages = await env.assistantMessages();
    expect(messages[0]).toBe('Six o’clock report.');
    expect(messages.slice(1).sort()).toEqual(['Half past seven.', 'Second post at 07:30.']);
    // Reads are state reads: one per modality, plus the one chat query that finds the conversation.
    const reads = await env.admin.accessLogs.list({ key_id: env.purpleKey.keyId });
    // The access log lists the newest first.
    const paths = reads.entries.map((entry) => `${entry.method} ${entry.path}`).reverse();
    expect(paths.filter((path) => path.startsWith('GET') && path.endsWith('/state'))).toEqual([
      'GET /email/state',
      'GET /sms/state',
      'GET /calendar/state',
      'GET /chat/state',
    ]);
  });

  it('reads the location and the weather with the purple key (GET /location/state, /weather/state)', async () => {
    await env.admin.location.update({ latitude: 40.7547, longitude: -73.973, named_location: 'Hotel' });
    await env.admin.weather.update({
      latitude: 40.7547,
      longitude: -73.973,
      report: { lat: 40.7547, lon: -73.973, timezone: 'America/New_York', timezone_offset: -18_000 },
    });
    const { turnAt } = await startAgent(
      env,
      makePlan([
        { at: at('06:00'), read: ['location', 'weather'] },
        { at: at('06:00'), post: 'Snow at the hotel.', paraphrase: 'It is snowing where you are.' },
      ]),
    );
    expect(await turnAt(at('06:00'))).toMatchObject({ notes: 'oracle: 2 step(s) run, 0 left' });
    const log = await env.admin.accessLogs.list({ key_id: env.purpleKey.keyId });
    const reads = log.entries
      .filter((entry) => /^\/(location|weather)\//.test(entry.path))
      .reverse()
      .map((entry) => `${entry.method} ${entry.path} ${entry.status_code}`);
    expect(reads).toEqual(['GET /location/state 200', 'GET /weather/state 200']);
  });

  it('resolves $refs to the newest matching item and performs actions as the user', async () => {
    await receiveEmail(env.admin, {
      from: 'karen@acme.example',
      subject: 'Export timeline (old)',
      body: 'First.',
    });
    await env.advance(60);
    await receiveEmail(env.admin, { from: 'karen@acme.example', subject: 'Export timeline', body: 'When?' });
    await env.admin.sms.receive({
      from_number: '+15550100002',
      to_numbers: ['+15550000000'],
      body: 'Parking B12',
    });
    const user = (await env.admin.email.state({ summary: true })).user_email_address;
    await env.admin.calendar.create({
      title: 'Budget sync',
      start: '2026-01-29T15:00:00Z',
      end: '2026-01-29T15:30:00Z',
      organizer: 'ann@example.com',
      attendees: [{ email: user }],
    });
    const ref = { $ref: { email: { from: 'karen@acme.example', subject_contains: 'timeline' } } };
    const { turnAt } = await startAgent(
      env,
      makePlan([
        { at: at('07:00'), action: 'email.reply', params: { message_id: ref, body_text: 'Friday.' } },
        {
          at: at('07:00'),
          action: 'email.forward',
          params: { message_id: ref, to_addresses: 'bob@example.com' },
        },
        {
          at: at('07:00'),
          action: 'sms.send_message',
          params: {
            to_numbers: '+15550100002',
            body: 'Thanks!',
            replied_to_message_id: { $ref: { sms: { from: '+15550100002', body_contains: 'parking' } } },
          },
        },
        {
          at: at('07:00'),
          action: 'calendar.respond',
          params: { event_id: { $ref: { calendar: { title_contains: 'budget' } } }, response: 'accepted' },
        },
        { at: at('07:00'), action: 'email.mark_read', params: { message_ids: [ref] } },
      ]),
    );
    const outcome = await turnAt(at('07:00'));
    expect(outcome).toMatchObject({ time_step: 'P1D', notes: 'oracle: 5 step(s) run, 0 left' });
    expect(await env.purpleActions()).toEqual([
      'email.send',
      'email.send',
      'sms.send_message',
      'calendar.respond',
      'email.mark_read',
    ]);
    const emails = Object.values((await env.admin.email.state()).emails);
    const original = emails.find((email) => email.subject === 'Export timeline')!;
    const reply = emails.find((email) => email.in_reply_to === original.message_id)!;
    expect(reply).toMatchObject({
      to_addresses: ['karen@acme.example'],
      body_text: 'Friday.',
      folder: 'sent',
    });
    const forward = emails.find((email) => email.subject === 'Fwd: Export timeline')!;
    expect(forward.to_addresses).toEqual(['bob@example.com']);
    expect(forward.body_text).toContain('From: karen@acme.example');
    expect(forward.body_text).toContain('When?');
    expect(forward.references).toContain(original.message_id);
    expect(original.is_read).toBe(true);
    const sent = (await env.admin.sms.query({ direction: 'outgoing' })).messages;
    expect(sent).toEqual([expect.objectContaining({ body: 'Thanks!', to_numbers: ['+15550100002'] })]);
    const [event] = (await env.admin.calendar.query({ search: 'Budget' })).events;
    expect(event!.attendees).toEqual([expect.objectContaining({ email: user, response: 'accepted' })]);
  });

  it('reports a step that fails in the turn notes and goes on with the next', async () => {
    const { turnAt } = await startAgent(
      env,
      makePlan([
        {
          at: at('06:00'),
          action: 'email.archive',
          params: { message_id: { $ref: { email: { from: 'nobody@nowhere.example' } } } },
        },
        { at: at('06:00'), action: 'email.send', params: { to_addresses: 'a@example.com', subject: 'Hi' } },
        { at: at('06:00'), action: 'contacts.delete', params: { contact_id: 'c-1' } },
        { at: at('06:00'), post: 'Still here.', paraphrase: 'Yes, still here.' },
      ]),
    );
    const outcome = await turnAt(at('06:00'));
    expect(outcome.notes).toMatch(
      new RegExp(
        '^oracle: 1 step\\(s\\) run, 0 left; 3 failed: ' +
          'step 0 \\(email.archive\\): \\$ref \\{"email":\\{"from":"nobody@nowhere.example"\\}\\} matches nothing; ' +
          'step 1 \\(email.send\\): params.body_text must be a non-empty string, got undefined; ' +
          // The purple's key may create and update contacts, never delete them.
          'step 2 \\(contacts.delete\\): .*(403|permission|contacts:delete)',
        'i',
      ),
    );
    expect(await env.assistantMessages()).toEqual(['Still here.']);
    expect(await env.purpleActions()).toEqual(['chat.send_message']);
  });

  it('creates a contact and updates it through a contact reference', async () => {
    const { turnAt } = await startAgent(
      env,
      makePlan([
        {
          at: at('06:00'),
          action: 'contacts.create',
          params: {
            first_name: 'Ann',
            last_name: 'Lee',
            identifiers: [{ identifier_type: 'email', value: 'ann@lee.example' }],
          },
        },
        {
          at: at('06:00'),
          action: 'contacts.update',
          params: { contact_id: { $ref: { contact: { name: 'Ann Lee' } } }, company: 'Lee & Co' },
        },
      ]),
    );
    const outcome = await turnAt(at('06:00'));
    expect(outcome.notes).not.toMatch(/failed/);
    const { contacts } = await env.admin.contacts.query({ search_text: 'Ann' });
    expect(contacts).toEqual([
      expect.objectContaining({ resolved_display_name: 'Ann Lee', company: 'Lee & Co' }),
    ]);
    expect(await env.purpleActions()).toEqual(['contacts.create_contact', 'contacts.update_contact']);
  });

  it('paraphrased: posts the paraphrase and applies parameter overrides', async () => {
    await receiveEmail(env.admin, { from: 'karen@acme.example', subject: 'Export timeline', body: 'When?' });
    const { turnAt } = await startAgent(
      env,
      makePlan([
        { at: at('06:00'), post: 'Urgent: Karen Mitchell.', paraphrase: 'Needs you now: the Acme client.' },
        {
          at: at('06:00'),
          action: 'email.reply',
          params: { message_id: { $ref: { email: { from: 'karen@acme.example' } } }, body_text: 'Friday.' },
          paraphrase: { body_text: 'By the end of the week.' },
        },
      ]),
      'paraphrased',
    );
    expect(await turnAt(at('06:00'))).toMatchObject({ notes: 'oracle-paraphrased: 2 step(s) run, 0 left' });
    expect(await env.assistantMessages()).toEqual(['Needs you now: the Acme client.']);
    const sent = Object.values((await env.admin.email.state()).emails).filter(
      (email) => email.folder === 'sent',
    );
    expect(sent.map((email) => email.body_text)).toEqual(['By the end of the week.']);
  });

  it('posts in the conversation the user wrote in', async () => {
    await env.admin.chat.clear({ conversation_id: 'user-assistant' });
    await env.admin.chat.send({
      role: 'user',
      content: 'Hello from elsewhere',
      conversation_id: 'side-channel',
    });
    const { turnAt } = await startAgent(
      env,
      makePlan([{ at: at('06:00'), post: 'Answer.', paraphrase: 'My answer.' }]),
    );
    await turnAt(at('06:00'));
    const page = await env.admin.chat.query({ role: 'assistant' });
    expect(page.messages.map((message) => message.conversation_id)).toEqual(['side-channel']);
  });

  it('is registered as oracle and oracle-paraphrased, and refuses to start without a plan', () => {
    const plan = makePlan([{ at: at('06:00'), post: 'A.', paraphrase: 'B.' }]);
    expect(createPurpleAgent('oracle', { oraclePlan: plan }).agentName).toBe('oracle');
    expect(createPurpleAgent('oracle-paraphrased', { oraclePlan: plan }).agentName).toBe(
      'oracle-paraphrased',
    );
    expect(() => createPurpleAgent('oracle')).toThrow(PurpleAgentConfigError);
    expect(() => createPurpleAgent('oracle')).toThrow('start it with --scenario <id>');
    expect(() => new OracleAgent({ plan: { ...plan, steps: [] } })).toThrow(
      /purple agent "oracle": plan: steps: Too small/,
    );
  });

  it('maps every action name to a UES route', () => {
    for (const [name, spec] of Object.entries(ORACLE_ACTIONS)) {
      expect(spec.route, name).toMatch(/^POST \/(email|sms|calendar|contacts)\//);
    }
  });
});
