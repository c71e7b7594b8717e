import { describe, expect, it } from 'vitest';
import { COURTESY, filler, reportPolitenessCriteria } from '../../../scenarios/_kit/index.js';

describe('filler left-out items', () => {
  const fill = filler({ seed: 'left-out', days: 2, emailsPerDay: 5, smsPerDay: 2 });

  it('gives one left-out item per message, emails first, by default all of them', () => {
    const items = fill.leftOutItems();
    expect(items).toHaveLength(fill.emails.length + fill.sms.length);
    expect(items.every((item) => item.exclude === true)).toBe(true);
    expect(items[0]!.source).toEqual({ email: fill.emails[0]!.id });
    expect(items.at(-1)!.source).toEqual({ sms: fill.sms.at(-1)!.id });
  });

  it('gives only the messages asked for, and nothing for a message that is not filler', () => {
    const items = fill.leftOutItems(fill.emails.slice(0, 2), [
      { id: 'not_filler', from: '+15550100000', at: 'd0 09:00', body: 'hi' },
    ]);
    expect(items.map((item) => item.source)).toEqual([
      { email: fill.emails[0]!.id },
      { email: fill.emails[1]!.id },
    ]);
  });
});

describe('reportPolitenessCriteria', () => {
  it('pairs a rubric with a courtesy stand-in that is a process criterion', () => {
    const [rubric, standIn] = reportPolitenessCriteria({
      rubric: 'Judge the brief.',
      rubricPoints: 10,
      offlinePoints: 5,
      what: 'brief',
    });
    expect(rubric!.check).toMatchObject({ kind: 'rubric', prompt: 'Judge the brief.' });
    expect(rubric!.max_score).toBe(10);
    expect(standIn!.role).toBe('process');
    expect(standIn!.max_score).toBe(5);
    expect(standIn!.check).toMatchObject({
      kind: 'milestones',
      milestones: [{ match: { action: 'chat.send_message', text: { facts: [COURTESY] } } }],
    });
  });
});
