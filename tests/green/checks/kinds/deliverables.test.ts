import { describe, expect, it } from 'vitest';
import { runCheck } from '../../../../src/green/checks/index.js';
import { at, checkContext, email } from '../fixtures.js';

/** A two-hour report: Karen's request (high), Jordan's follow-up to it (medium), a newsletter to leave out. */
const GROUND_TRUTH = {
  deliverables: [
    {
      id: 'hourly',
      schedule: { every: 'PT1H', first: at('09:00'), last: at('10:00') },
      tolerance: 'PT10M',
      max_chars_per_item: 200,
      items: [
        {
          id: 'req',
          source: { email: 'req' },
          label: 'high',
          facts: [{ person: 'karen', key: true }, { text: 'export' }, { amount: 45000 }],
        },
        {
          id: 'fup',
          source: { email: 'fup' },
          label: 'medium',
          follows: ['req'],
          facts: [{ person: 'jordan', key: true }, { text: 'budget' }],
        },
        {
          id: 'news',
          source: { email: 'news' },
          exclude: true,
          cover: 1,
          facts: [{ text: 'weekly digest', key: true }],
        },
      ],
    },
  ],
};

const EMAILS = [
  email('req', {
    subject: 'Export',
    body_text: 'We need the export feature, a 45,000 dollar deal depends on it.',
  }),
  email('fup', {
    from_address: 'jordan@work.example',
    subject: 'Budget',
    body_text: 'About the export: budget?',
  }),
  email('news', { from_address: 'digest@news.example', subject: 'Weekly digest' }),
];

function run(posts: Array<{ at: string; text: string }>, deliverable: Record<string, unknown> = {}) {
  const groundTruth = { deliverables: [{ ...GROUND_TRUTH.deliverables[0], ...deliverable }] };
  return checkContext({ initialEmails: EMAILS, posts }, { groundTruth });
}

const measure = async (ctx: ReturnType<typeof run>, m: string) =>
  runCheck(ctx as never, { kind: 'deliverables', deliverable: 'hourly', measure: m as never });

describe('deliverables', () => {
  const good = [
    {
      at: at('09:00'),
      text: '- [High] Karen: the export, $45k deal at stake\n- [Medium] Jordan, following up on it, asks about budget\n\nSkipped: the weekly digest.',
    },
    { at: at('10:00'), text: 'Quiet hour.' },
  ];

  it('a good report earns every measure', async () => {
    const ctx = run(good);
    for (const m of ['coverage', 'facts', 'labels', 'exclusions', 'links', 'delivery', 'brevity']) {
      expect((await measure(ctx, m)).fraction, m).toBe(1);
    }
  });

  it('nothing posted earns nothing — exclusions included', async () => {
    const ctx = run([]);
    for (const m of ['coverage', 'facts', 'labels', 'exclusions', 'links', 'delivery', 'brevity']) {
      expect((await measure(ctx, m)).fraction, m).toBe(0);
    }
  });

  it('reporting the excluded item dilutes coverage by precision and costs the exclusion', async () => {
    const ctx = run([
      {
        at: at('09:00'),
        text: good[0]!.text.replace(
          'Skipped: the weekly digest.',
          '- The weekly digest has ten articles about tech trends and startup news today.',
        ),
      },
    ]);
    expect((await measure(ctx, 'exclusions')).fraction).toBe(0);
    expect((await measure(ctx, 'coverage')).fraction).toBeCloseTo(2 / 3);
  });

  it('a report after the deadline earns the late credit; one before the arrival earns nothing', async () => {
    expect((await measure(run([{ at: at('10:30'), text: good[0]!.text }]), 'coverage')).fraction).toBe(0.5);
    expect(
      (await measure(run([{ at: '2026-03-02T07:59:00Z', text: good[0]!.text }]), 'coverage')).fraction,
    ).toBe(0);
  });

  it('labels from order when none is written: the right order earns them, the wrong one does not', async () => {
    const right = run([{ at: at('09:00'), text: '- Karen: export, $45k\n- Jordan asks about budget' }]);
    const wrong = run([{ at: at('09:00'), text: '- Jordan asks about budget\n- Karen: export, $45k' }]);
    expect((await measure(right, 'labels')).fraction).toBe(1);
    expect((await measure(wrong, 'labels')).fraction).toBe(0);
  });

  it('flooding the chat scales every measure down', async () => {
    const spam = [
      ...good,
      ...Array.from({ length: 30 }, (_, i) => ({ at: at('10:05'), text: `still watching ${i}` })),
    ];
    const coverage = await measure(run(spam), 'coverage');
    expect(coverage.fraction).toBeLessThan(0.25);
    expect(coverage.evidence).toMatchObject({ posts: 32, allowed_posts: 5 });
  });

  it('a pasted message is not a brief summary and keeps half its facts credit', async () => {
    const posts = [
      {
        at: at('09:00'),
        text: '- Karen: We need the export feature, a 45,000 dollar deal depends on it.\n- Jordan: budget?',
      },
    ];
    const ctx = run(posts, { max_copied_words: 8 });
    const brief = await measure(ctx, 'brevity');
    expect(brief.evidence).toMatchObject({ not_brief: [{ id: 'req', pasted: true }] });
    expect((await measure(ctx, 'facts')).fraction).toBe(0.75);
    expect(brief.fraction).toBe(0.5);
  });

  it('claims of "follow-up" on a first message cost the links measure', async () => {
    const ctx = run([
      { at: at('09:00'), text: '- Karen, following up again: export, $45k\n- Jordan asks about budget' },
    ]);
    const links = await measure(ctx, 'links');
    expect(links.evidence).toMatchObject({ false_links: ['req'], not_linked: ['fup'] });
    expect(links.fraction).toBe(0);
  });

  it('a follow-up in its own words only connects nothing, though they name the earlier thread', async () => {
    // Jordan's "About the export: budget?" names the export itself: repeating it is no link.
    const copied = run([
      { at: at('09:00'), text: '- Karen: export, $45k deal\n- Jordan: about export: budget?' },
    ]);
    expect((await measure(copied, 'links')).evidence).toMatchObject({ not_linked: ['fup'] });
    const connected = run([
      {
        at: at('09:00'),
        text: '- Karen: export, $45k deal\n- Jordan wants a budget figure for Karen’s export',
      },
    ]);
    expect((await measure(connected, 'links')).evidence).toMatchObject({ linked: ['fup'] });
  });
});
