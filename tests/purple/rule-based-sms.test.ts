import { describe, expect, it } from 'vitest';
import { asksForEmailSummaries } from '../../src/purple/baselines/rule-based/agent.js';
import { namesByPhone, smsAsTriageItem } from '../../src/purple/baselines/rule-based/sms-items.js';
import { executiveLine, formatSummary } from '../../src/purple/baselines/rule-based/summary-format.js';
import { rateUrgency } from '../../src/purple/baselines/rule-based/urgency-rules.js';
import type { Contact, SmsMessage } from '../../src/ues/client/index.js';

const contact = (name: string, phone: string): Contact =>
  ({
    contact_id: name,
    resolved_display_name: name,
    identifiers: [{ identifier_type: 'phone', value: phone }],
    addresses: [],
    groups: [],
    is_favorite: false,
    is_blocked: false,
    created_at: '2026-03-01T00:00:00Z',
    updated_at: '2026-03-01T00:00:00Z',
  }) as Contact;

const sms = (from: string, body: string): SmsMessage =>
  ({
    message_id: 'sms-1',
    thread_id: 't-1',
    from_number: from,
    to_numbers: ['+15550100000'],
    body,
    message_type: 'sms',
    direction: 'incoming',
    sent_at: '2026-03-10T14:05:00Z',
    is_read: false,
    delivery_status: 'delivered',
    is_deleted: false,
  }) as SmsMessage;

describe('rule-based texts', () => {
  it('names the sender from the contacts whatever the number format, and clips the opening as subject', () => {
    const names = namesByPhone([contact('Jenna Ortiz', '(555) 010-2000')]);
    const item = smsAsTriageItem(
      sms('+15550102000', 'Can you pick up Maya at 3:15 today instead of me? The car is in the shop.'),
      names,
    );
    expect(item).toMatchObject({
      sender_name: 'Jenna Ortiz',
      channel: 'text',
      subject: 'Can you pick up Maya at 3:15 today instead of me?',
      thread_id: 'sms:t-1',
    });
    const line = executiveLine({
      email: item,
      rating: rateUrgency(item, false),
      earlierInThread: 0,
      threadTopic: undefined,
    });
    expect(line).toContain('Jenna Ortiz (text) — "Can you pick up Maya at 3:15 today instead of me?"');
    expect(
      formatSummary(
        [{ email: item, rating: rateUrgency(item, false), earlierInThread: 0, threadTopic: undefined }],
        0,
        new Date('2026-03-10T15:00:00Z'),
      ),
    ).toMatch(/^Message summary/);
  });

  it('keeps an unknown number, and clips a long opening sentence', () => {
    const item = smsAsTriageItem(sms('+15559998888', `${'word '.repeat(30)}end.`), new Map());
    expect(item.sender_name).toBeUndefined();
    expect(item.subject.length).toBeLessThanOrEqual(70);
    expect(item.subject.endsWith('…')).toBe(true);
  });

  it('recognises requests for summaries of texts, digests and plans, not other tasks', () => {
    expect(asksForEmailSummaries('Send me an evening digest of my texts and email at 8pm')).toBe(true);
    expect(asksForEmailSummaries('Give me a plan of my course mail sorted by due date')).toBe(true);
    expect(asksForEmailSummaries('Book a table for Thursday and tell Dan')).toBe(false);
  });
});
