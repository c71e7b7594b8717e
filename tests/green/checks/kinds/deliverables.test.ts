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
  email('notice', {
    from_address: 'billing@tool.example',
    subject: 'Invoice 1038 overdue',
    body_text:
      'Invoice #1038 to Lumen Studio for 3,150 euros, due on the first of February, is now sixteen days overdue. Send a reminder from your dashboard today.',
  }),
  email('promo', {
    from_address: 'deals@shop.example',
    subject: 'Flash sale',
    body_text: 'Flash sale on shoes!',
  }),
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

  it('one noise item let through by an otherwise filtered report costs the exclusion; all the noise dilutes coverage too', async () => {
    const oneNoise = good[0]!.text.replace(
      'Skipped: the weekly digest.',
      '- The weekly digest has ten articles about tech trends and startup news today.',
    );
    // The only noise item, reported: nothing was filtered.
    const all = run([{ at: at('09:00'), text: oneNoise }]);
    expect((await measure(all, 'exclusions')).fraction).toBe(0);
    expect((await measure(all, 'coverage')).fraction).toBeCloseTo(2 / 3);
    const promo = {
      id: 'promo',
      source: { email: 'promo' },
      exclude: true,
      cover: 1,
      facts: [{ text: 'flash sale', key: true }],
    };
    const items = [...GROUND_TRUTH.deliverables[0]!.items, promo];
    // One of two noise items let through: exclusions charges it, coverage does not.
    const slip = run([{ at: at('09:00'), text: oneNoise }], { items });
    expect((await measure(slip, 'exclusions')).fraction).toBe(0.5);
    expect((await measure(slip, 'coverage')).fraction).toBe(1);
    const both = run([{ at: at('09:00'), text: `${oneNoise}\n- A flash sale on shoes ends tonight.` }], {
      items,
    });
    expect((await measure(both, 'exclusions')).fraction).toBe(0);
    expect((await measure(both, 'coverage')).fraction).toBeCloseTo(2 / 4);
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

  it('a matter told as still open is its status, not a follow-up claim; it still links a real follow-up (G142)', async () => {
    const status = run([
      {
        at: at('09:00'),
        text: '- Karen: export, $45k deal, so this one is still waiting on us\n- Jordan asks about budget',
      },
    ]);
    expect((await measure(status, 'links')).evidence).toMatchObject({ false_links: [] });
    const chased = run([
      {
        at: at('09:00'),
        text: '- Karen: export, $45k deal\n- Jordan, still waiting on an answer, asks about budget',
      },
    ]);
    expect((await measure(chased, 'links')).evidence).toMatchObject({ linked: ['fup'], false_links: [] });
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

describe('item weights', () => {
  const onlyJordan = [
    { at: at('09:00'), text: '- [Medium] Jordan, following up on the export, asks about budget' },
    { at: at('10:00'), text: 'Quiet hour.' },
  ];
  const weighted = (weight: number) => {
    const [req, ...rest] = GROUND_TRUTH.deliverables[0]!.items;
    return run(onlyJordan, { items: [{ ...req, weight }, ...rest] });
  };

  it('an item of weight 3 left out costs three items of weight 1', async () => {
    expect((await measure(run(onlyJordan), 'coverage')).fraction).toBeCloseTo(1 / 2);
    expect((await measure(weighted(3), 'coverage')).fraction).toBeCloseTo(1 / 4);
    expect((await measure(weighted(3), 'facts')).fraction).toBeCloseTo(1 / 4);
    expect((await measure(weighted(3), 'brevity')).fraction).toBeCloseTo(1 / 4);
  });
});

describe('item weight in a scenario file', () => {
  it('a weight that is not a positive number up to 10 is refused, naming the item', async () => {
    const { groundTruthSchema } = await import('../../../../src/green/checks/ground-truth.js');
    const items = GROUND_TRUTH.deliverables[0]!.items;
    for (const weight of [0, -1, 11, 'heavy']) {
      const parsed = groundTruthSchema.safeParse({
        deliverables: [
          { ...GROUND_TRUTH.deliverables[0], items: [{ ...items[0], weight }, ...items.slice(1)] },
        ],
      });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.path.join('.')).toBe('deliverables.0.items.0.weight');
    }
  });
});

describe('a short message restated inside a report', () => {
  const notice = {
    id: 'notice',
    source: { email: 'notice' },
    label: 'high',
    facts: [{ text: 'Lumen', key: true }, { text: 'overdue' }],
  };
  const items = [...GROUND_TRUTH.deliverables[0]!.items, notice];
  const report = (line: string) =>
    run(
      [
        {
          at: at('09:00'),
          text: `${line}\n- [High] Karen: the export, $45k deal at stake\n- [Medium] Jordan, following up on it, asks about budget\n\nSkipped: the weekly digest.`,
        },
      ],
      { items, max_chars_per_item: 400 },
    );

  it('is pasted however much filler surrounds it (a red-team script took email_triage_basic from 39 to 85 % when own words excused a paste)', async () => {
    const paste =
      'Invoice #1038 to Lumen Studio for 3,150 euros, due on the first of February, is now sixteen days overdue. Send a reminder from your dashboard today.';
    const padded = report(
      `- [High] ${paste} Logged triaged catalogued archived indexed. Tagged stamped filed sorted, ranked and reviewed thoroughly. Processed verified checked scanned, queued and noted carefully for later tracking.`,
    );
    expect((await measure(padded, 'brevity')).fraction).toBeCloseTo(2 / 3);
    expect((await measure(report(`- [High] ${paste}`), 'brevity')).fraction).toBeCloseTo(2 / 3);
  });
});
