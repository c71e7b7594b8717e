import { describe, expect, it } from 'vitest';
import {
  SKIP_PHRASES,
  delayBoundsMs,
  drawDelayMs,
  emailReplyEvent,
  formatNames,
  relevantRelationships,
  replySubject,
  seededRandom,
  skipReason,
  smsReplyEvent,
} from '../../../src/green/characters/index.js';
import type { Email, SmsMessage } from '../../../src/ues/client/index.js';
import { testScenario } from './fixtures.js';

const scenario = testScenario();
const jordan = scenario.characters.jordan!;

describe('seededRandom and reply delays', () => {
  it('repeats a sequence for a seed, differs across seeds, stays in [0, 1)', () => {
    const take = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(take(42)).toEqual(take(42));
    expect(take(42)).not.toEqual(take(43));
    for (const value of Array.from({ length: 1000 }, seededRandom(9))) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
    expect(() => seededRandom(Number.NaN)).toThrow(/seed must be a finite number/);
  });

  it('draws uniformly from [max(0, base − variance), base + variance] in whole seconds', () => {
    expect(delayBoundsMs({ base_delay: 'PT10M', variance: 'PT5M' })).toEqual({
      minMs: 300_000,
      maxMs: 900_000,
    });
    expect(delayBoundsMs({ base_delay: 'PT1M', variance: 'PT5M' })).toEqual({ minMs: 0, maxMs: 360_000 });
    const timing = { base_delay: 'PT10M', variance: 'PT5M' };
    expect(drawDelayMs(timing, () => 0)).toBe(300_000);
    expect(drawDelayMs(timing, () => 0.5)).toBe(600_000);
    expect(drawDelayMs(timing, () => 0.9999999)).toBe(900_000);
    expect(drawDelayMs({ base_delay: 'PT5M', variance: 'PT0S' }, () => 0.7)).toBe(300_000);
    const random = seededRandom(5);
    for (let i = 0; i < 200; i++) {
      const delay = drawDelayMs(timing, random);
      expect(delay % 1000).toBe(0);
      expect(delay).toBeGreaterThanOrEqual(300_000);
      expect(delay).toBeLessThanOrEqual(900_000);
    }
    expect(() => drawDelayMs(timing, () => 1)).toThrow(/\[0, 1\)/);
  });
});

describe('skip heuristic', () => {
  const profile = (special_instructions: string | null) => ({ ...jordan, special_instructions });

  it('skips characters whose instructions say they never answer', () => {
    for (const phrase of SKIP_PHRASES) {
      expect(skipReason(profile(`Note: ${phrase.toUpperCase()} this week.`))).toBe(phrase);
    }
    expect(skipReason(profile('Don’t respond to anything.'))).toBe("don't respond");
  });

  it('keeps everyone else', () => {
    expect(skipReason(profile(null))).toBeUndefined();
    expect(skipReason(profile('Replies tersely; escalates when ignored.'))).toBeUndefined();
    expect(skipReason(scenario.characters.olivia!)).toBe('out of office');
  });
});

const email: Email = {
  message_id: 'm-2',
  thread_id: 't-1',
  from_address: 'alex@example.com',
  to_addresses: ['jordan@example.com', 'Priya@example.com'],
  cc_addresses: ['olivia@example.com', 'alex@example.com'],
  bcc_addresses: ['boss@example.com'],
  subject: 'Budget',
  body_text: 'Numbers attached.',
  attachments: [],
  references: ['m-1'],
  in_reply_to: 'm-1',
  sent_at: '2025-01-06T09:00:00Z',
  received_at: '2025-01-06T09:00:00Z',
  is_read: true,
  is_starred: false,
  priority: 'normal',
  folder: 'sent',
  labels: [],
};

describe('reply events', () => {
  it('replies to the sender, CCs the other visible recipients once, and threads the reply', () => {
    const { data } = emailReplyEvent(email, 'priya@example.com', 'On it.', false);
    expect(data).toEqual({
      operation: 'receive',
      from_address: 'priya@example.com',
      to_addresses: ['alex@example.com'],
      cc_addresses: ['jordan@example.com', 'olivia@example.com'],
      subject: 'Re: Budget',
      body_text: 'On it.',
      thread_id: 't-1',
      in_reply_to: 'm-2',
      references: ['m-1', 'm-2'],
    });
  });

  it('lets a blind-copied responder answer the sender only', () => {
    expect(emailReplyEvent(email, 'boss@example.com', 'Seen.', true).data).toMatchObject({
      to_addresses: ['alex@example.com'],
      cc_addresses: [],
    });
  });

  it('prefixes "Re:" once', () => {
    expect(replySubject('Budget')).toBe('Re: Budget');
    expect(replySubject('RE: Budget')).toBe('RE: Budget');
    expect(replySubject('re:Budget')).toBe('re:Budget');
  });

  it('answers an SMS group to everyone but the responder', () => {
    const sms = {
      message_id: 's-1',
      thread_id: 'g-1',
      from_number: '+1000',
      to_numbers: ['+2000', '+3000'],
      body: 'Pizza?',
    } as SmsMessage;
    expect(smsReplyEvent(sms, '+2000', 'Yes!').data).toEqual({
      operation: 'receive_message',
      from_number: '+2000',
      to_numbers: ['+1000', '+3000'],
      body: 'Yes!',
      thread_id: 'g-1',
      replied_to_message_id: 's-1',
    });
  });
});

describe('people', () => {
  it('formats participant lists like the original', () => {
    expect(formatNames(['A'])).toBe('A');
    expect(formatNames(['A', 'B'])).toBe('A and B');
    expect(formatNames(['A', 'B', 'C'])).toBe('A, B, and C');
    expect(formatNames(['A', 'B', 'C', 'D', 'E', 'F'])).toBe('A, B, C, and 3 others');
  });

  it('finds relationships by character id, full name, first name or address', () => {
    const profile = {
      ...jordan,
      relationships: {
        alex: 'direct report',
        'Priya Sharma': 'team lead',
        sam: 'old friend',
        'vendor@supplies.example': 'supplier',
      },
    };
    const people = [
      { id: 'alex', name: 'Alex Thompson', address: 'alex@example.com' },
      { id: 'priya', name: 'Priya Sharma', address: 'priya@example.com' },
      { name: 'vendor@supplies.example', address: 'vendor@supplies.example' },
    ];
    expect(relevantRelationships(profile, people)).toEqual([
      { person: 'Alex Thompson', relationship: 'direct report' },
      { person: 'Priya Sharma', relationship: 'team lead' },
      { person: 'vendor@supplies.example', relationship: 'supplier' },
    ]);
  });
});
