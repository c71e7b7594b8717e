import { describe, expect, it } from 'vitest';
import { groundTruthEmail } from '../../../scenarios/email_triage_basic/lib/ground-truth.js';
import {
  isQuietReport,
  itemLabel,
  labelOf,
  splitItems,
} from '../../../scenarios/email_triage_basic/lib/items.js';
import { readSummary, threadAwareness } from '../../../scenarios/email_triage_basic/lib/mentions.js';
import { hasAlias, hasPhrase, keyStems, normalise } from '../../../scenarios/email_triage_basic/lib/text.js';

describe('text primitives', () => {
  it('normalises quotes, dashes, emphasis and case', () => {
    expect(normalise('**Karen’s**  “Q2” plan — now')).toBe('karen\'s "q2" plan - now');
  });

  it('matches phrases at a word start, open-ended', () => {
    expect(hasPhrase('karen is escalating again', 'escalat')).toBe(true);
    expect(hasPhrase('the ci failed twice', 'ci fail')).toBe(true);
    expect(hasPhrase('a special offer', 'ci fail')).toBe(false);
    expect(hasPhrase('i know', 'now')).toBe(false);
  });

  it('matches short capitalised aliases case-sensitively', () => {
    expect(hasAlias('IT: maintenance on Saturday', 'it: maintenance on saturday', 'IT')).toBe(true);
    expect(hasAlias('fix it soon', 'fix it soon', 'IT')).toBe(false);
  });

  it('extracts reference key words without stop words or the sender name', () => {
    const stems = keyStems(
      'Karen Mitchell requesting timeline for dashboard export (CSV + PDF). Their Q2 planning depends on it.',
      ['Karen Mitchell'],
    );
    expect(stems).toEqual(expect.arrayContaining(['timel', 'dashb', 'expor', 'q2', 'plann', 'depen']));
    expect(stems).not.toContain('karen');
    expect(stems).not.toContain('their');
  });
});

describe('urgency labels', () => {
  it.each([
    ['- [HIGH] Karen — escalation', 'high'],
    ['- (low) Sam — dinner', 'low'],
    ['- Urgency: Medium — Lisa budget', 'medium'],
    ['1. **Priority: critical** Jordan', 'high'],
    ['- High priority: Jordan wants status', 'high'],
    ['- URGENT: Karen', 'high'],
    ['- 🟡 Lisa Park — budget', 'medium'],
    ['| Low | Sam Rivera | dinner |', 'low'],
    ['- Karen Mitchell — dashboard export', null],
  ])('%s → %s', (line, label) => {
    expect(labelOf(line)).toBe(label);
  });

  it('items take their own label, else the nearest labelled heading', () => {
    const items = splitItems(
      [
        '## Summary 10:00',
        '',
        '### 🔴 High',
        '- **Jordan Lee** — status update',
        '  continuation line about the VP',
        '- [LOW] Marcus — oddly labelled low',
        '',
        'Medium:',
        '- David Chen — Acme',
        '**David Chen — Acme renewal**',
        'text under the title',
        '',
        'Filtered out:',
        '- GitHub notifications',
      ].join('\n'),
    );
    const labels = items.map((item) => [item.raw.split('\n')[0], itemLabel(item)]);
    expect(labels).toEqual([
      ['## Summary 10:00', null],
      ['### 🔴 High', 'high'],
      ['- **Jordan Lee** — status update', 'high'],
      ['- [LOW] Marcus — oddly labelled low', 'low'],
      ['Medium:', 'medium'],
      ['- David Chen — Acme', 'medium'],
      ['**David Chen — Acme renewal**', 'medium'],
      ['Filtered out:', null],
      ['- GitHub notifications', null],
    ]);
    expect(items[2]!.raw).toContain('continuation line');
    expect(items[6]!.raw).toContain('text under the title');
  });

  it('recognises quiet-hour reports', () => {
    expect(isQuietReport('Quiet hour — nothing important came in.')).toBe(true);
    expect(isQuietReport('No new important emails this hour.')).toBe(true);
    expect(isQuietReport('Nothing to report.')).toBe(true);
    expect(isQuietReport('Karen escalated again.')).toBe(false);
  });
});

describe('reading a summary', () => {
  const karen = groundTruthEmail('email_025');
  const linkedIn = groundTruthEmail('email_026');
  const lisa = groundTruthEmail('email_027');

  it('finds the item of each email, its label and its reference overlap; unmentioned emails are not covered', () => {
    const [k, l, li] = readSummary(
      [
        '🔴 High',
        "- Karen Mitchell (Acme) is still waiting — 3+ hours without a response on the dashboard export; Acme's Q2 analytics strategy depends on it and she demands an answer today.",
        '',
        '🟡 Medium',
        '- Lisa Park: budget input needed by Friday.',
      ].join('\n'),
      [karen, linkedIn, lisa],
    );
    expect(k).toMatchObject({ email_id: 'email_025', mentioned: true, label: 'high' });
    expect(k!.hint!.matched.length / k!.hint!.total).toBeGreaterThan(0.5);
    expect(k!.thread).toMatchObject({ aware: true });
    expect(l).toMatchObject({ email_id: 'email_026', mentioned: false, label: null });
    expect(li).toMatchObject({ mentioned: true, label: 'medium' });
    expect(li!.hint!.matched.length / li!.hint!.total).toBeLessThan(0.35);
  });

  it('a sender name alone, or one generic word, is not a mention', () => {
    const [verdict] = readSummary('- Karen sent another message.', [groundTruthEmail('email_010')]);
    expect(verdict!.mentioned).toBe(false);
    const [noise] = readSummary('Skipped 3 GitHub notifications and a newsletter.', [
      groundTruthEmail('email_008'),
    ]);
    expect(noise!.mentioned).toBe(false);
    const [named] = readSummary('Skipped: GitHub — CI failed on PR #892.', [groundTruthEmail('email_008')]);
    expect(named!.mentioned).toBe(true);
  });

  it('a quoted sender address counts as naming the sender', () => {
    const [hr] = readSummary(
      '• [LOW] hr@meridiantech.com — "Reminder: All-hands meeting Thursday 2pm" — FYI',
      [groundTruthEmail('email_007')],
    );
    expect(hr).toMatchObject({ mentioned: true, label: 'low' });
  });

  it('thread awareness needs continuity wording plus the thread topic, or a link to the related thread', () => {
    const item = (text: string) => splitItems(text)[0]!;
    const priya = groundTruthEmail('email_024');
    expect(
      threadAwareness(item('- Priya: root cause confirmed for the latency incident, hotfix ready'), priya)
        .aware,
    ).toBe(true);
    expect(threadAwareness(item('- Priya: a composite index is missing, hotfix ready'), priya).aware).toBe(
      false,
    );
    const david = groundTruthEmail('email_020');
    expect(
      threadAwareness(item("- David Chen asks for a timeline; Karen's CEO is involved"), david).aware,
    ).toBe(true);
    expect(
      threadAwareness(item('- David Chen asks for a realistic timeline on the export'), david).aware,
    ).toBe(false);
    // The first email of a thread has nothing to be aware of.
    expect(
      threadAwareness(
        item('- Jordan: production alert, latency spike, still ongoing'),
        groundTruthEmail('email_003'),
      ).aware,
    ).toBe(false);
  });
});
