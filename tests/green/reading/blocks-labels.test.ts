import { describe, expect, it } from 'vitest';
import { splitBlocks } from '../../../src/green/reading/blocks.js';
import { isLeftOutNote } from '../../../src/green/reading/notes.js';
import { outsideQuotes, SourceText, summarisesOutsideQuotes } from '../../../src/green/reading/copying.js';
import { blockLabel, explicitLabel, URGENCY_LABELS } from '../../../src/green/reading/labels.js';

describe('report blocks', () => {
  it('splits bullets, numbered items and paragraphs, each under its headings', () => {
    const blocks = splitBlocks(
      [
        '## 10:00 summary',
        '',
        'Needs you now:',
        '- Jordan wants a status update.',
        '  He needs it in 15 minutes.',
        '- Karen is escalating.',
        '',
        'Can wait:',
        '1. Sam — dinner on Saturday.',
        '',
        'Skipped: two newsletters.',
      ].join('\n'),
    );
    const jordan = blocks.find((b) => b.raw.startsWith('- Jordan'))!;
    expect(jordan.raw).toContain('15 minutes');
    expect(jordan.headings).toEqual(['## 10:00 summary', 'Needs you now:']);
    expect(blocks.find((b) => b.raw.startsWith('1. Sam'))!.headings).toEqual([
      '## 10:00 summary',
      'Can wait:',
    ]);
    const note = blocks.find((b) => b.raw.startsWith('Skipped'))!;
    expect(isLeftOutNote(note, 280)).toBe(true);
    expect(isLeftOutNote(jordan, 280)).toBe(false);
  });

  it('a long block with a left-out cue is not a brief note', () => {
    const [block] = splitBlocks(`Skipped: ${'a very long pasted newsletter body '.repeat(20)}`);
    expect(isLeftOutNote(block!, 280)).toBe(false);
  });

  it('a labelled note may name what it sets aside in a few words each (blind G120)', () => {
    const [block] = splitBlocks(
      'Set aside as unimportant, as you asked: a GitHub review-request notification (PR #892, "Refactor rate limiter middleware" on meridian/api-gateway, requested by rafael-mbeki), the TechCrunch Daily newsletter, and an obvious prize-scam email ("You\'ve won a $500 gift card!" from amazingprize.xyz — please don\'t click its link).',
    );
    expect(block!.raw.length).toBeGreaterThan(280);
    expect(isLeftOutNote(block!, 280)).toBe(true);
  });

  it('a lead-in that dismisses what its colon opens is a note too (blind G120)', () => {
    const [block] = splitBlocks(
      'For completeness, only two unimportant messages came in, and I set them aside as you asked: an automated GitHub CI-failure notification for PR #892 ("Refactor rate limiter middleware"), and an obvious "Nigerian prince" inheritance scam from prince.abubakar@diplomats.ng asking for your bank details — please do not reply to it.',
    );
    expect(block!.raw.length).toBeGreaterThan(280);
    expect(isLeftOutNote(block!, 280)).toBe(true);
    // A lead-in that reports is no note: "Two messages need you today: …".
    const [report] = splitBlocks(
      'Two messages need you today: Karen wants the export timeline by 3pm, and Zofia needs the incident status for the VP within the hour, with root cause, impact and ETA.',
    );
    expect(isLeftOutNote(report!, 280)).toBe(false);
  });
});

describe('labels', () => {
  it.each([
    ['High: Jordan needs an update', 'high'],
    ['[URGENT] Karen escalates', 'high'],
    ['🔴 Incident', 'high'],
    ['- **Medium** — budget review', 'medium'],
    ['Priority: low — snacks survey', 'low'],
    ['Not urgent: dinner plans', 'low'],
    ['| Karen | High |', 'high'],
    ['1. URGENT (deployment starts now; production at 17:00 UTC) — Hotfix plan', 'high'],
    ['LOW (personal) — Farida asks about dinner', 'low'],
    ['Lower priority: Q2 estimated taxes', 'low'],
  ])('%s is %s', (line, label) => {
    expect(explicitLabel(line, URGENCY_LABELS)).toBe(label);
  });

  it('does not read a label from ordinary words in the text', () => {
    expect(explicitLabel('Karen says this is not high on her list, reply today', URGENCY_LABELS)).toBeNull();
    expect(explicitLabel('Today Lisa sent the budget', URGENCY_LABELS)).toBeNull();
  });

  it('reads a heading label when the item has none, and prefers the item’s own', () => {
    const blocks = splitBlocks('Can wait\n\n- Sam: dinner\n- [High] Karen: escalation');
    const sam = blocks.find((b) => b.raw.includes('Sam'))!;
    const karen = blocks.find((b) => b.raw.includes('Karen'))!;
    expect(blockLabel(sam, URGENCY_LABELS, ['explicit', 'heading'])).toEqual({
      label: 'low',
      source: 'heading',
    });
    expect(blockLabel(karen, URGENCY_LABELS, ['explicit', 'heading'])).toEqual({
      label: 'high',
      source: 'explicit',
    });
    expect(blockLabel(sam, URGENCY_LABELS, ['explicit'])).toBeNull();
  });
});

describe('pasting', () => {
  const source = new SourceText(
    'I wanted to reach out regarding the dashboard export feature we discussed in last week’s call with the team.',
    15,
  );
  it('a run of 15 words copied from the message is a paste; a summary or a short quote is not', () => {
    expect(
      source.copiedIn(
        'Karen: I wanted to reach out regarding the dashboard export feature we discussed in last week’s call',
      ),
    ).toBe(true);
    expect(
      source.copiedIn('Karen asks when the dashboard export feature from last week’s call will ship.'),
    ).toBe(false);
  });
});

describe('quoting as evidence', () => {
  const reply =
    'Hi,\n\nThat is not from us! Our bank details haven’t changed and we never ask for Zelle. Please only use the invoice VK-2231 link or the account ending 4410. Thanks so much for checking.\n\nLuis';
  const quoted = `> "That is not from us! Our bank details haven't changed and we never ask for Zelle. Please only use the invoice VK-2231 link or the account ending 4410."`;
  it('a summary line in its own words over the quoted reply summarises it', () => {
    const block = `## Luis confirmed: the "new bank details" email is a scam\nLuis replied from his usual address at 11:40am:\n${quoted}`;
    expect(new SourceText(reply, 15).copiedIn(block)).toBe(true);
    expect(outsideQuotes(block)).not.toContain('Zelle');
    expect(summarisesOutsideQuotes(block, reply)).toBe(true);
  });
  it('reported speech keeps its grammar and is no paste; the same words stripped of it are (G106)', () => {
    const source = new SourceText(reply, 15);
    expect(
      source.copiedIn(
        "He says their bank details haven't changed, they never ask for Zelle, and you should only pay through the invoice VK-2231 link or to the account ending 4410.",
      ),
    ).toBe(false);
    expect(
      source.copiedIn(
        'bank details haven’t changed never ask Zelle. only use invoice VK-2231 link account ending 4410.',
      ),
    ).toBe(true);
  });
  it('a short notice dense with names keeps its little words when restated: no paste (G124)', () => {
    const notice = new SourceText(
      'Order #44817 delayed\nDear customer,\n\nYour order #44817 (nitrile gloves M and L, quadrivalent flu vaccine restock) is delayed by a carrier issue. New delivery date: Thursday, June 25. We apologise for the inconvenience.\n\nMedSupply Direct',
      15,
    );
    expect(
      notice.copiedIn(
        'MedSupply Direct order #44817 (nitrile gloves M and L, and the flu vaccine restock) is delayed by a carrier issue; the new delivery date is Thursday, June 25.',
      ),
    ).toBe(false);
    expect(
      notice.copiedIn(
        'MedSupply Direct order 44817 nitrile gloves M L flu vaccine restock delayed carrier issue. new delivery date Thursday June 25.',
      ),
    ).toBe(true);
  });
  describe('a one-line notice restated as the clause of a reporting sentence (G110, G136)', () => {
    const ledgerly = new SourceText(
      'Invoice #1038 is 16 days overdue\nInvoice #1038 to Lumen Studio (€3,150, due 1 February) is now 16 days overdue. Send a reminder from your dashboard.',
      15,
    );
    it('is the writer’s own sentence, not a paste', () => {
      expect(
        ledgerly.copiedIn(
          'Your invoicing tool Ledgerly flagged at 12:25 that invoice #1038 to Lumen Studio, €3,150 due 1 February, is now 16 days overdue.',
        ),
      ).toBe(false);
    });
    it('quoted after a colon, unframed, framed by the source’s words alone, or framed from a long message, it is', () => {
      const clause = 'invoice #1038 to Lumen Studio (€3,150, due 1 February) is now 16 days overdue.';
      expect(ledgerly.copiedIn(`Ledgerly wrote: ${clause}`)).toBe(true);
      expect(ledgerly.copiedIn(`- [High] ${clause} Logged triaged catalogued archived.`)).toBe(true);
      expect(ledgerly.copiedIn(`Invoice reminder says that ${clause}`)).toBe(true);
      const long = new SourceText(
        `${clause} Lumen Studio has paid every invoice late this year, and their accounts team changed twice since the autumn; the contract allows a late fee of two percent a month after thirty days, which you waived last time.`,
        15,
      );
      expect(long.copiedIn(`Your invoicing tool Ledgerly flagged at 12:25 that ${clause}`)).toBe(true);
    });
  });
  it('a header of names, times and the message’s own words does not', () => {
    expect(
      summarisesOutsideQuotes(`From Luis Romero, 11:40am, luis@verdekitchen.example:\n${quoted}`, reply),
    ).toBe(false);
    expect(
      summarisesOutsideQuotes(`Luis: bank details haven't changed, never Zelle.\n${quoted}`, reply),
    ).toBe(false);
  });
});
