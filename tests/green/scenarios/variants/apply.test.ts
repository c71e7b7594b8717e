import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_GROUND_TRUTH, groundTruthSchema } from '../../../../src/green/checks/ground-truth.js';
import { FactText, matchFacts } from '../../../../src/green/reading/facts.js';
import { buildWorld } from '../../../../src/green/checks/world.js';
import { normaliseInitialState } from '../../../../src/green/scenarios/initial-state.js';
import { scenarioConfigSchema } from '../../../../src/green/scenarios/schema.js';
import {
  VariantError,
  allowedShiftWeeks,
  applyVariant,
  type ScenarioBundle,
} from '../../../../src/green/scenarios/variants/apply.js';

/**
 * The variant transform is consistent: a text written from a template (names in every form,
 * addresses, phone numbers, dates in every format) and rendered with the canonical values becomes
 * exactly the same template rendered with the variant's values; no canonical name survives; and
 * facts about people and dates still match the transformed texts.
 */

const PEOPLE = [
  ['Karen', 'Mitchell'],
  ['Jordan', 'Lee'],
  ['Priya', 'Sharma'],
  ['Marcus', 'Williams'],
  ['Sam', 'Rivera'],
] as const;
const START = '2026-01-28T09:00:00Z';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

type Piece =
  | { kind: 'first' | 'last' | 'full' | 'possessive' | 'email' | 'upper'; person: number }
  | { kind: 'phone'; person: number; format: number }
  | { kind: 'date'; offset: number; format: number }
  | { kind: 'user' }
  | { kind: 'word'; word: string };

interface Values {
  names: Array<[string, string]>;
  emails: string[];
  phones: string[];
  /** Days added to every date. */
  days: number;
}

function phoneFormat(phone: string, format: number): string {
  const d = phone.replace(/\D/g, '').slice(-10);
  return [
    phone,
    `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
    `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  ][format]!;
}

function dateText(offset: number, days: number, format: number): string {
  const date = new Date(Date.parse('2026-01-20T00:00:00Z') + (offset + days) * 86_400_000);
  const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  const isoDate = date.toISOString().slice(0, 10);
  return [isoDate, `${MONTHS[m - 1]} ${d}`, `${d} ${MONTHS[m - 1]!.slice(0, 3)} ${y}`][format]!;
}

function render(pieces: readonly Piece[], values: Values): string {
  return pieces
    .map((piece) => {
      switch (piece.kind) {
        case 'first':
          return values.names[piece.person]![0];
        case 'last':
          return values.names[piece.person]![1];
        case 'full':
          return values.names[piece.person]!.join(' ');
        case 'possessive':
          return `${values.names[piece.person]![0]}'s`;
        case 'upper':
          return values.names[piece.person]![1].toUpperCase();
        case 'email':
          return values.emails[piece.person]!;
        case 'phone':
          return phoneFormat(values.phones[piece.person]!, piece.format);
        case 'date':
          return dateText(piece.offset, values.days, piece.format);
        case 'user':
          return 'Alex Thompson';
        case 'word':
          return piece.word;
      }
    })
    .join(' ');
}

function bundleFor(count: number, body: string): ScenarioBundle {
  const characters: Record<string, unknown> = {
    alex: {
      name: 'Alex Thompson',
      email: 'alex.thompson@meridian.example',
      phone: '+15550100000',
      personality: 'The user.',
      response_timing: { base_delay: 'PT5M', variance: 'PT1M' },
    },
  };
  PEOPLE.slice(0, count).forEach(([first, last], index) => {
    characters[first.toLowerCase()] = {
      name: `${first} ${last}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@acme.example`,
      phone: `+1555010010${index}`,
      personality: `${first} writes short notes.`,
      response_timing: { base_delay: 'PT5M', variance: 'PT1M' },
      aliases: [`${first} ${last[0]}.`],
    };
  });
  const config = scenarioConfigSchema.parse({
    scenario_id: 'variant_probe',
    name: 'Variant probe',
    description: 'A scenario for variant tests.',
    start_time: START,
    end_time: '2026-01-28T17:00:00Z',
    default_time_step: 'PT1H',
    user_prompt: 'Summarise my inbox for me every hour, please.',
    user_character: 'alex',
    characters,
    criteria: [
      {
        criterion_id: 'probe',
        name: 'Probe',
        description: 'A state check.',
        dimension: 'accuracy',
        max_score: 10,
        check: {
          kind: 'state',
          assertions: [{ type: 'message_sent', id: 'm', to: { include: ['alex'] } }],
        },
      },
    ],
  });
  const state = normaliseInitialState({
    scenario: {
      metadata: {},
      environment: {
        time_state: { current_time: START },
        modality_states: {
          email: {
            emails: {
              probe: {
                message_id: 'probe',
                from_address: 'alex.thompson@meridian.example',
                subject: 'Probe',
                body_text: body,
              },
            },
          },
          sms: {},
          calendar: {},
          chat: {},
        },
      },
      events: { events: [] },
    },
  });
  if (!state.ok) throw new Error('bad state');
  return { config, initialState: state.value, groundTruth: EMPTY_GROUND_TRUTH, oracle: null };
}

function bodyOf(bundle: ScenarioBundle): string {
  const env = bundle.initialState.scenario['environment'] as {
    modality_states: { email: { emails: { probe: { body_text: string } } } };
  };
  return env.modality_states.email.emails.probe.body_text;
}

const WORDS = ['meeting', 'about', 'the', 'budget', 'please', 'call', 'at', 'with', 'and', 'review'];

const pieceArb = (count: number): fc.Arbitrary<Piece> => {
  const person = fc.integer({ min: 0, max: count - 1 });
  return fc.oneof(
    fc.record({
      kind: fc.constantFrom('first', 'last', 'full', 'possessive', 'email', 'upper'),
      person,
    }) as fc.Arbitrary<Piece>,
    fc.record({ kind: fc.constant('phone' as const), person, format: fc.integer({ min: 0, max: 2 }) }),
    fc.record({
      kind: fc.constant('date' as const),
      offset: fc.integer({ min: 0, max: 30 }),
      format: fc.integer({ min: 0, max: 2 }),
    }),
    fc.constant({ kind: 'user' as const }),
    fc.record({ kind: fc.constant('word' as const), word: fc.constantFrom(...WORDS) }),
  );
};

describe('applyVariant', () => {
  it('property: texts transform exactly like their template rendered with the variant’s people and dates', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: PEOPLE.length })
          .chain((count) =>
            fc.tuple(fc.constant(count), fc.array(pieceArb(count), { minLength: 1, maxLength: 25 })),
          ),
        fc.integer({ min: 1, max: 10_000 }),
        ([count, pieces], seed) => {
          const canonicalValues: Values = {
            names: PEOPLE.slice(0, count).map(([f, l]) => [f, l]),
            emails: PEOPLE.slice(0, count).map(
              ([f, l]) => `${f.toLowerCase()}.${l.toLowerCase()}@acme.example`,
            ),
            phones: PEOPLE.slice(0, count).map((_, i) => `+1555010010${i}`),
            days: 0,
          };
          const bundle = bundleFor(count, render(pieces, canonicalValues));
          const { bundle: variant, info } = applyVariant(bundle, seed);
          const renamed = PEOPLE.slice(0, count).map(([f]) => variant.config.characters[f.toLowerCase()]!);
          const variantValues: Values = {
            names: renamed.map((c) => c.name.split(' ') as [string, string]),
            emails: renamed.map((c) => c.email!),
            phones: renamed.map((c) => c.phone!),
            days: info.shift_weeks * 7,
          };
          expect(info.shift_weeks).not.toBe(0);
          expect(bodyOf(variant)).toBe(render(pieces, variantValues));
          // No canonical name of a renamed person survives anywhere in the variant.
          const everything = JSON.stringify(variant);
          for (const [first, last] of canonicalValues.names) {
            expect(everything).not.toMatch(new RegExp(`\\b(${first}|${last})\\b`));
          }
          for (const email of canonicalValues.emails) expect(everything).not.toContain(email);
          expect(everything).toContain('Alex Thompson');
          // Facts about the people and the dates still hold in the transformed text.
          const world = buildWorld(variant.config);
          const text = new FactText(bodyOf(variant), {
            world,
            writtenAtMs: Date.parse(variant.config.start_time),
            timeZone: 'UTC',
          });
          for (const piece of pieces) {
            if (piece.kind === 'full' || piece.kind === 'email') {
              const id = PEOPLE[piece.person]![0].toLowerCase();
              expect(matchFacts(text, [{ person: id }]).share).toBe(1);
            }
            if (piece.kind === 'date' && piece.format !== 0) {
              const date = new Date(
                Date.parse('2026-01-20T00:00:00Z') + (piece.offset + info.shift_weeks * 7) * 86_400_000,
              );
              // Stated, hedging aside: the template may list many dates.
              expect(matchFacts(text, [{ date: date.toISOString().slice(0, 10) }], null).share).toBe(1);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is the identity for seed 0 and deterministic for a seed; seeds differ', () => {
    const bundle = bundleFor(3, 'Karen Mitchell meets Jordan Lee on January 30.');
    expect(applyVariant(bundle, 0).bundle).toBe(bundle);
    expect(applyVariant(bundle, 7)).toEqual(applyVariant(bundle, 7));
    expect(bodyOf(applyVariant(bundle, 7).bundle)).not.toBe(bodyOf(applyVariant(bundle, 8).bundle));
    // The canonical bundle is not changed.
    expect(bodyOf(bundle)).toBe('Karen Mitchell meets Jordan Lee on January 30.');
  });

  it('keeps pinned people and replaces declared places with their linked forms', () => {
    const bundle = bundleFor(2, 'Karen books Bella Vista (reservations@bellavista.example) for Jordan.');
    const config = scenarioConfigSchema.parse({
      ...bundle.config,
      variants: {
        pin: ['jordan'],
        places: [
          { forms: ['Bella Vista', 'bellavista.example'], alternatives: [['Casa Lumo', 'casalumo.example']] },
        ],
      },
    });
    const { bundle: variant, info } = applyVariant({ ...bundle, config }, 3);
    expect(bodyOf(variant)).toMatch(/^\S+ books Casa Lumo \(reservations@casalumo\.example\) for Jordan\.$/);
    expect(bodyOf(variant)).not.toContain('Karen');
    expect(info.places).toEqual({ 'Bella Vista': 'Casa Lumo', 'bellavista.example': 'casalumo.example' });
    expect(variant.config.characters.jordan!.name).toBe('Jordan Lee');
  });

  it('shifts only by weeks that keep the zone’s offset at every time the scenario names (DST)', () => {
    const bundle = bundleFor(1, 'Dinner on 2026-02-12T19:30:00-05:00.');
    const config = scenarioConfigSchema.parse({
      ...bundle.config,
      timezone: 'America/New_York',
      start_time: '2026-02-02T09:00:00-05:00',
      end_time: '2026-02-02T17:00:00-05:00',
    });
    const event = Date.parse('2026-02-12T19:30:00-05:00');
    const weeks = allowedShiftWeeks(config, 26, [event]);
    // DST starts on March 8: three weeks later the dinner is still in EST, four weeks later not.
    expect(weeks).toContain(3);
    expect(weeks).not.toContain(4);
    expect(weeks).not.toContain(5);
    const { bundle: variant, info } = applyVariant({ ...bundle, config }, 5);
    expect(weeks).toContain(info.shift_weeks);
    expect(bodyOf(variant)).toMatch(/T19:30:00-05:00\.$/);
    // Times that straddle a DST change cannot move at all.
    const straddling = scenarioConfigSchema.parse({
      ...config,
      start_time: '2026-03-02T09:00:00-05:00',
      end_time: '2026-03-02T17:00:00-05:00',
    });
    expect(allowedShiftWeeks(straddling, 26, [Date.parse('2026-03-12T19:30:00-04:00')])).toEqual([]);
  });

  it('permutes declared arrival groups and refuses one that moves a report item to another deadline', () => {
    const base = bundleFor(2, 'Probe.');
    const events = [
      {
        scheduled_time: '2026-01-28T09:10:00Z',
        modality: 'email',
        data: { operation: 'receive', message_id: 'a', timestamp: '2026-01-28T09:10:00Z' },
      },
      {
        scheduled_time: '2026-01-28T09:40:00Z',
        modality: 'email',
        data: { operation: 'receive', message_id: 'b', timestamp: '2026-01-28T09:40:00Z' },
      },
      {
        scheduled_time: '2026-01-28T10:20:00Z',
        modality: 'email',
        data: { operation: 'receive', message_id: 'c', timestamp: '2026-01-28T10:20:00Z' },
      },
    ];
    const initialState = structuredClone(base.initialState);
    (initialState.scenario['events'] as { events: unknown[] }).events = events;
    const groundTruth = groundTruthSchema.parse({
      deliverables: [
        {
          id: 'hourly',
          schedule: { every: 'PT1H', first: '2026-01-28T10:00:00Z' },
          items: ['a', 'b', 'c'].map((id) => ({ id, source: { email: id }, facts: [{ text: id }] })),
        },
      ],
    });
    const withGroups = (permute: string[][]) => ({
      ...base,
      initialState,
      groundTruth,
      config: scenarioConfigSchema.parse({ ...base.config, variants: { permute } }),
    });
    const { bundle, info } = applyVariant(withGroups([['a', 'b']]), 4);
    const times = (bundle.initialState.scenario['events'] as { events: typeof events }).events.map(
      (e) => e.data.message_id,
    );
    expect(times).toEqual(['a', 'b', 'c']);
    const moved = (bundle.initialState.scenario['events'] as { events: typeof events }).events;
    const shift = info.shift_weeks * 7 * 86_400_000;
    expect(Date.parse(moved[0]!.scheduled_time) - shift).toBe(Date.parse('2026-01-28T09:40:00Z'));
    expect(moved[0]!.data.timestamp).toBe(moved[0]!.scheduled_time);
    expect(() => applyVariant(withGroups([['b', 'c']]), 4)).toThrow(VariantError);
    expect(() => applyVariant(withGroups([['a', 'nope']]), 4)).toThrow(
      /"nope" is not a scheduled email or SMS arrival/,
    );
  });
});
