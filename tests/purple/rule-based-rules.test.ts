import { describe, expect, it } from 'vitest';
import { classifyNoise, type TriageEmail } from '../../src/purple/baselines/rule-based/noise-rules.js';
import {
  QUIET_HOUR_MESSAGE,
  cleanSubject,
  describeSender,
  formatSummary,
  keyAsk,
} from '../../src/purple/baselines/rule-based/summary-format.js';
import { rateUrgency } from '../../src/purple/baselines/rule-based/urgency-rules.js';
import { asksForEmailSummaries } from '../../src/purple/index.js';

/** The rule-based baseline's rules on hand-written mail that is not from any scenario. */

let counter = 0;
function email(from: string, subject: string, body: string, thread?: string): TriageEmail {
  counter += 1;
  return {
    message_id: `m${counter}`,
    thread_id: thread ?? `t${counter}`,
    from_address: from,
    to_addresses: ['me@corp.example'],
    subject,
    body_text: body,
    received_at: new Date(Date.UTC(2026, 0, 5, 9, counter)).toISOString(),
  };
}

describe('noise rules', () => {
  it.each([
    [
      'no-reply@accounts.example.com',
      'Your password was changed',
      'If this was you, no action is needed.',
      'automated notification',
    ],
    [
      'builds@gitlab.com',
      '[infra/terraform] Pipeline failed',
      'Job plan failed.',
      'code-hosting notification',
    ],
    [
      'news@bigpaper.example',
      'Morning headlines',
      'Top stories... Manage your subscription',
      'newsletter or mailing list',
    ],
    [
      'team@startup.example',
      'Product update',
      'New features!\n\nUnsubscribe here',
      'newsletter or mailing list',
    ],
    [
      'calendar@corp.example',
      'Updated invitation: Sprint planning',
      'When: Monday\nWhere: Room 4',
      'calendar notification',
    ],
    ['notify@twitter.com', 'You have new followers', 'See who followed you', 'social-network notice'],
    ['winner@lotto.top', 'Congratulations! Claim your prize', 'You have won. Click here to claim.', 'spam'],
    [
      'ceo@freemoney.example',
      'Business proposal',
      'I need your confidential assistance with an inheritance.',
      'spam',
    ],
  ])('treats %s "%s" as noise', (from, subject, body, kind) => {
    expect(classifyNoise(email(from, subject, body))).toMatchObject({ noise: true, kind });
  });

  it.each([
    ['maria.garcia@client.example', 'Contract questions', 'Could you confirm the renewal terms by Friday?'],
    ['it-helpdesk@corp.example', 'Laptop replacement', 'Your new laptop is ready for pickup.'],
    ['dad@gmail.com', 'Sunday lunch', 'Are you coming on Sunday?'],
    ['recruiting@corp.example', 'Interview panel', 'Can you join the panel on Thursday?'],
  ])('keeps %s "%s"', (from, subject, body) => {
    expect(classifyNoise(email(from, subject, body))).toEqual({ noise: false });
  });
});

describe('urgency rules', () => {
  it('rates incidents, escalations and explicit urgency high', () => {
    expect(
      rateUrgency(email('ops@corp.example', 'Outage in EU region', 'Checkout is failing.')).urgency,
    ).toBe('high');
    expect(
      rateUrgency(email('vp@client.example', 'Escalation: missed SLA', 'We expected a reply.')).urgency,
    ).toBe('high');
    expect(
      rateUrgency(
        email(
          'a@corp.example',
          'Quick one',
          'Please handle this ASAP, it is urgent and the client is furious.',
        ),
      ).urgency,
    ).toBe('high');
  });

  it('rates requests, reviews, deadlines and client matters medium', () => {
    expect(rateUrgency(email('a@corp.example', 'RFC draft', 'Please review the draft.')).urgency).toBe(
      'medium',
    );
    const deadline = rateUrgency(email('b@corp.example', 'Expenses', 'I need your input by Thursday.'));
    expect(deadline).toMatchObject({ urgency: 'medium', deadline: 'by Thursday' });
    expect(rateUrgency(email('c@corp.example', 'Numbers', 'Can you send me the Q3 numbers?')).urgency).toBe(
      'medium',
    );
  });

  it('rates informational mail and all-staff broadcasts low', () => {
    expect(rateUrgency(email('d@corp.example', 'Lunch photos', 'Fun day yesterday!')).urgency).toBe('low');
    expect(
      rateUrgency(
        email('hr@corp.example', 'Benefits fair', 'Hi everyone, please review the options by Friday.'),
      ).urgency,
    ).toBe('low');
  });

  it('keeps a thread urgent until it signals resolution', () => {
    expect(rateUrgency(email('a@corp.example', 'Re: Checkout problems', 'Any news?'), true)).toMatchObject({
      urgency: 'high',
      signals: expect.arrayContaining(['ongoing urgent thread']),
    });
    expect(rateUrgency(email('a@corp.example', 'Re: Outage — resolved', 'All good now.'), true).urgency).toBe(
      'medium',
    );
  });
});

describe('summary format', () => {
  it('groups most urgent first with labels and one executive line per email', () => {
    const items = [
      email('sam.lee@gmail.com', 'Dinner? 🍕', 'Free on Saturday?'),
      email('ops.lead@corp.example', 'ALERT: payments down', 'Need eyes on this ASAP.'),
      email('pm@corp.example', 'Roadmap review', 'Please review the roadmap.'),
    ].map((item) => ({ email: item, rating: rateUrgency(item), earlierInThread: 0, threadTopic: undefined }));
    const text = formatSummary(items, 2, new Date('2026-01-05T10:00:00Z'));
    const lines = text.split('\n').filter((line) => line.startsWith('•'));
    expect(lines).toEqual([
      '• [HIGH] Ops Lead (corp.example) — "ALERT: payments down" — Live incident — needs your attention now.',
      '• [MEDIUM] pm@corp.example — "Roadmap review" — Your review or approval is requested. They ask: "Please review the roadmap."',
      '• [LOW] Sam Lee (gmail.com) — "Dinner?" — Personal message — no work impact; reply when convenient.',
    ]);
    expect(text).toContain('2026-01-05 10:00 UTC');
    expect(text).toContain('(2 automated or promotional emails left out.)');
  });

  it('says it was a quiet hour when nothing substantive arrived', () => {
    expect(formatSummary([], 3, new Date())).toBe(QUIET_HOUR_MESSAGE);
  });

  it('mentions the thread of a follow-up', () => {
    const follow = email('ana.ruiz@client.example', 'Re: Contract', 'Can you answer?', 'thread-1');
    const text = formatSummary(
      [{ email: follow, rating: rateUrgency(follow), earlierInThread: 2, threadTopic: 'Contract' }],
      0,
      new Date('2026-01-05T10:00:00Z'),
    );
    expect(text).toContain('Follow-up to the "Contract" thread (3rd message you\'ve seen).');
  });

  it('quotes what the sender asks for, but never figures or links', () => {
    expect(keyAsk('Hi,\n\nThe deploy failed again. Can you take a look before noon?\n\nThanks')).toBe(
      'Can you take a look before noon?',
    );
    expect(keyAsk('Will update in 30 minutes. Nothing else.')).toBeUndefined();
    expect(keyAsk('Could you wire $45,000 to account 12345678 today?')).toBeUndefined();
    expect(keyAsk('Please check https://example.com/a/very/long/link now.')).toBeUndefined();
  });

  it('cleans subjects and names senders', () => {
    expect(cleanSubject('Re: RE: 🔴 ALERT: db down 🚨')).toBe('ALERT: db down');
    expect(describeSender('karen.mitchell@acmecorp.com')).toBe('Karen Mitchell (acmecorp.com)');
    expect(describeSender('hr@corp.example')).toBe('hr@corp.example');
  });
});

describe('task recognition', () => {
  it('recognises requests for email summaries and nothing else', () => {
    expect(asksForEmailSummaries('Please triage my inbox every hour and send me a summary.')).toBe(true);
    expect(asksForEmailSummaries('Give me a digest of my emails each morning.')).toBe(true);
    expect(asksForEmailSummaries('Book a dentist appointment for next week.')).toBe(false);
    expect(asksForEmailSummaries('Reply to every email from my boss.')).toBe(false);
  });
});
