import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2AAgentClient, loadPurpleConfig } from '../../src/protocol/index.js';
import { cleanSubject, QUIET_HOUR_MESSAGE } from '../../src/purple/baselines/rule-based/summary-format.js';
import { UNSUPPORTED_TASK_REPLY } from '../../src/purple/baselines/rule-based/agent.js';
import { startPurpleServer, type PurpleServerHandle } from '../../src/purple/index.js';
import { assessmentComplete, assessmentStart, turnStart } from './support/green-messages.js';
import { startPurpleUes, type PurpleUes } from './support/purple-ues.js';
import { loadTriageScenario, type GroundTruthEmail } from './support/triage-scenario.js';

/**
 * The rule-based baseline on email_triage_basic, end to end: the scenario imported into a real
 * UES, the user prompt in chat, the agent served over A2A and driven hour by hour like the green
 * does (turn at T, then advance one hour), 06:00 through the final turn at 18:00. The ground truth
 * only measures the result here; the agent never sees it.
 */

const HOUR_S = 3600;

interface SummaryLine {
  label: string;
  subject: string;
}

function parseLines(summary: string): SummaryLine[] {
  return summary.split('\n').flatMap((line) => {
    const match = /^• \[(HIGH|MEDIUM|LOW)\] .+? — "(.+?)" — /.exec(line);
    return match ? [{ label: match[1]!.toLowerCase(), subject: match[2]! }] : [];
  });
}

describe('rule-based baseline on email_triage_basic', () => {
  const triage = loadTriageScenario();
  let env: PurpleUes;
  let server: PurpleServerHandle;
  let green: A2AAgentClient;
  const summaries: { time: string; text: string }[] = [];
  const replies: unknown[] = [];
  let arrivals: Map<string, { subject: string; receivedAt: string }>;

  beforeAll(async () => {
    env = await startPurpleUes({ triage });
    await env.postUserMessage(triage.userPrompt);
    server = await startPurpleServer(loadPurpleConfig({ agent: 'rule-based', port: 0 }, {}), {
      shutdownGraceMs: 100,
    });
    green = await A2AAgentClient.connect(server.url, { callTimeoutMs: 60_000 });

    expect(
      (await green.sendPayload(assessmentStart(env.url, env.purpleKey.secret, triage.startTime))).state,
    ).toBe('completed');
    const end = Date.parse(triage.endTime);
    let eventsProcessed = 0;
    for (let turn = 1, time = Date.parse(triage.startTime); time <= end; turn++, time += HOUR_S * 1000) {
      const now = new Date(time).toISOString();
      const reply = await green.sendPayload(turnStart(turn, now, eventsProcessed));
      expect(reply.state).toBe('completed');
      replies.push(reply.payload);
      const messages = await env.assistantMessages();
      expect(messages).toHaveLength(turn);
      summaries.push({ time: now, text: messages.at(-1)! });
      if (time < end) eventsProcessed = await env.advance(HOUR_S);
    }
    await green.sendPayload(assessmentComplete());

    const all = await env.admin.email.state();
    arrivals = new Map(
      Object.values(all.emails).map((email) => [
        email.message_id,
        { subject: email.subject, receivedAt: email.received_at },
      ]),
    );
  });

  afterAll(async () => {
    await green?.close();
    await server?.close();
    await env?.close();
  });

  /** The summary that should report an email: the first one at or after its arrival. */
  function dueSummary(id: string): { time: string; text: string } {
    const arrived = Date.parse(arrivals.get(id)!.receivedAt);
    return summaries.find((summary) => Date.parse(summary.time) >= arrived)!;
  }

  function linesMentioning(email: GroundTruthEmail, summary: { text: string }): SummaryLine[] {
    const subject = cleanSubject(arrivals.get(email.email_id)!.subject);
    return parseLines(summary.text).filter((line) => line.subject === subject);
  }

  it('posts exactly one summary per turn, 13 turns from 06:00 to 18:00, and asks for PT1H each time', () => {
    expect(summaries.map((summary) => summary.time.slice(11, 16))).toEqual([
      '06:00',
      '07:00',
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
    ]);
    expect(
      replies.every((reply) => (reply as { message_type: string; time_step: string }).time_step === 'PT1H'),
    ).toBe(true);
    expect(arrivals.size).toBe(49);
  });

  it('leaves out the noise, reports the substantive emails on time and agrees with the urgency labels', () => {
    const noise = triage.groundTruth.filter((email) => email.is_noise);
    const substantive = triage.groundTruth.filter((email) => !email.is_noise);
    expect([noise.length, substantive.length]).toEqual([20, 29]);

    const noiseMentioned = noise.filter((email) =>
      summaries.some((summary) => linesMentioning(email, summary).length > 0),
    );
    const reported = substantive.filter(
      (email) => linesMentioning(email, dueSummary(email.email_id)).length === 1,
    );
    const agreed = reported.filter(
      (email) => linesMentioning(email, dueSummary(email.email_id))[0]!.label === email.urgency,
    );
    const metrics = {
      noiseExcluded: noise.length - noiseMentioned.length,
      substantiveReported: reported.length,
      urgencyAgreed: agreed.length,
    };
    // Floors, not the exact counts: the rules may change, but must keep doing an honest job.
    expect(metrics.noiseExcluded).toBeGreaterThanOrEqual(18);
    expect(metrics.substantiveReported).toBeGreaterThanOrEqual(26);
    expect(metrics.urgencyAgreed).toBeGreaterThanOrEqual(22);
    // Every reported line is one of the emails that arrived in that hour: nothing repeated.
    const allLines = summaries.flatMap((summary) => parseLines(summary.text));
    expect(allLines.length).toBe(new Set(allLines.map((line) => line.subject)).size);
  });

  it('sorts each summary most urgent first', () => {
    const rank = { high: 0, medium: 1, low: 2 } as Record<string, number>;
    for (const summary of summaries) {
      const ranks = parseLines(summary.text).map((line) => rank[line.label]!);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
  });

  it('calls the noise-only hour a quiet hour', () => {
    // 12:00–13:00 brings only spam and a calendar reminder.
    expect(summaries.find((summary) => summary.time.startsWith('2026-01-28T13:00'))?.text).toBe(
      QUIET_HOUR_MESSAGE,
    );
    expect(summaries[0]!.text).toContain('Production API latency spike');
  });

  it('only posted to chat and marked mail read: no email or SMS sent on the user’s behalf', async () => {
    const actions = await env.purpleActions();
    expect(actions.filter((action) => action === 'chat.send_message')).toHaveLength(13);
    expect(new Set(actions)).toEqual(new Set(['chat.send_message', 'email.mark_read']));
    expect((await env.admin.email.query({ folder: 'inbox', is_read: false })).total_count).toBe(0);
  });
});

describe('rule-based baseline on a task it does not support', () => {
  it('acknowledges once in chat and then completes turns without acting', async () => {
    const env = await startPurpleUes({ start: '2026-02-02T09:00:00Z' });
    const server = await startPurpleServer(loadPurpleConfig({ agent: 'rule-based', port: 0 }, {}), {
      shutdownGraceMs: 100,
    });
    const green = await A2AAgentClient.connect(server.url);
    try {
      await env.postUserMessage('Please book me a dentist appointment next week.');
      await green.sendPayload(assessmentStart(env.url, env.purpleKey.secret, '2026-02-02T09:00:00Z'));
      for (let turn = 1; turn <= 3; turn++) {
        const reply = await green.sendPayload(
          turnStart(
            turn,
            new Date(Date.parse('2026-02-02T09:00:00Z') + (turn - 1) * HOUR_S * 1000).toISOString(),
          ),
        );
        expect(reply.payload).toMatchObject({ message_type: 'turn_complete', time_step: 'PT1H' });
        await env.advance(HOUR_S);
      }
      expect(await env.assistantMessages()).toEqual([UNSUPPORTED_TASK_REPLY]);
      expect(await env.purpleActions()).toEqual(['chat.send_message']);
    } finally {
      await green.close();
      await server.close();
      await env.close();
    }
  });
});
