import { describe, expect, it } from 'vitest';
import {
  ORACLE_ACTION_ALIASES,
  ORACLE_ACTION_NAMES,
  ORACLE_READ_MODALITIES,
  canonicalOracleAction,
  isActionStep,
  isOracleRef,
  isPostStep,
  isReadStep,
  oraclePlanSchema,
  validateOraclePlan,
} from '../../src/protocol/index.js';

const SCENARIO = {
  scenario_id: 'demo_scenario',
  start_time: '2026-01-28T06:00:00Z',
  end_time: '2026-01-28T18:00:00Z',
};

function plan(steps: unknown[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { scenario_id: 'demo_scenario', description: 'What the ideal assistant does.', steps, ...overrides };
}

const REPLY = {
  at: '2026-01-28T09:30:00Z',
  action: 'email.reply',
  params: {
    message_id: { $ref: { email: { from: 'karen@acme.example', subject_contains: 'timeline' } } },
    body_text: 'Friday works.',
  },
  paraphrase: { body_text: 'Friday is fine.' },
};

/** Every issue as `path: message`. */
function issues(input: unknown): string[] {
  const parsed = oraclePlanSchema.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('oracle plan schema', () => {
  it('parses reads, posts and actions, with $refs, into typed steps', () => {
    const parsed = oraclePlanSchema.parse(
      plan([
        { at: '2026-01-28T07:00:00Z', read: ['email', 'calendar'] },
        {
          at: '2026-01-28T07:00:00Z',
          post: 'Urgent: the incident.',
          paraphrase: 'Needs you now: the incident.',
        },
        REPLY,
        { at: '2026-01-28T10:00:00Z', action: 'contacts.create', params: { first_name: 'Ann' } },
      ]),
    );
    const [read, post, reply, contact] = parsed.steps;
    expect(isReadStep(read!) && read.read).toEqual(['email', 'calendar']);
    expect(isPostStep(post!) && post.paraphrase).toBe('Needs you now: the incident.');
    expect(isActionStep(reply!) && reply.params['body_text']).toBe('Friday works.');
    expect(isActionStep(contact!) && canonicalOracleAction(contact.action)).toBe('contacts.create_contact');
    // params default to {} for actions without any.
    const bare = oraclePlanSchema.parse(plan([{ at: '2026-01-28T07:00:00Z', action: 'email.archive' }]));
    expect(isActionStep(bare.steps[0]!) && bare.steps[0].params).toEqual({});
  });

  it('reads every modality an assistant consults, the location and the weather included', () => {
    expect([...ORACLE_READ_MODALITIES]).toEqual([
      'email',
      'sms',
      'calendar',
      'chat',
      'contacts',
      'location',
      'weather',
    ]);
    const parsed = oraclePlanSchema.parse(
      plan([{ at: '2026-01-28T07:00:00Z', read: ['location', 'weather', 'calendar'] }]),
    );
    expect(isReadStep(parsed.steps[0]!) && parsed.steps[0].read).toEqual(['location', 'weather', 'calendar']);
    expect(issues(plan([{ at: '2026-01-28T07:00:00Z', read: ['location', 'traffic'] }]))).toEqual([
      expect.stringMatching(/^steps\.0\.read\.1: Invalid option: .*"location"\|"weather"/),
    ]);
  });

  it('names the field of every problem', () => {
    expect(issues(plan([{ at: '2026-01-28T07:00:00Z', post: 'Hi.' }]))).toEqual([
      'steps.0.paraphrase: Invalid input: expected string, received undefined',
    ]);
    expect(issues(plan([{ at: '2026-01-28T07:00:00Z', post: 'Same.', paraphrase: ' Same. ' }]))).toEqual([
      'steps.0.paraphrase: must differ from post',
    ]);
    expect(issues(plan([{ at: '2026-01-28T07:00:00Z', action: 'email.teleport' }]))[0]).toMatch(
      /^steps\.0\.action: unknown action "email\.teleport"; known: email\.send, email\.reply/,
    );
    expect(issues(plan([{ at: '2026-01-28T07:00:00Z', read: ['email'], post: 'x' }]))).toEqual([
      'steps.0: a step has exactly one of "read", "post" or "action" (got read, post)',
    ]);
    expect(issues(plan([{ at: '2026-01-28T07:00:00Z' }]))).toEqual([
      'steps.0: a step has exactly one of "read", "post" or "action"',
    ]);
    expect(issues(plan([{ at: '07:00', read: ['fax'] }]))).toEqual([
      'steps.0.at: "07:00" is not an ISO 8601 date-time with a zone',
      expect.stringMatching(/^steps\.0\.read\.0: Invalid option/),
    ]);
    expect(issues(plan([]))).toEqual(['steps: Too small: expected array to have >=1 items']);
    expect(issues({ ...plan([{ at: '2026-01-28T07:00:00Z', read: ['email'] }]), extra: 1 })).toEqual([
      ': Unrecognized key: "extra"',
    ]);
  });

  it('checks every $ref, nested ones included', () => {
    const refIssues = issues(
      plan([
        {
          at: '2026-01-28T07:00:00Z',
          action: 'email.mark_read',
          params: {
            message_ids: [{ $ref: { email: {} } }, { $ref: { email: { from: 'a' }, sms: { from: 'b' } } }],
          },
          paraphrase: { message_ids: [{ $ref: { fax: { from: 'x' } } }] },
        },
      ]),
    );
    expect(refIssues).toEqual([
      'steps.0.params.message_ids.0.$ref.email: the email reference needs at least one of from, to, subject_contains, body_contains',
      'steps.0.params.message_ids.1.$ref: a $ref names exactly one of email, sms, calendar, contact (got 2)',
      'steps.0.paraphrase.message_ids.0.$ref: Unrecognized key: "fax"',
      'steps.0.paraphrase.message_ids.0.$ref: a $ref names exactly one of email, sms, calendar, contact (got 0)',
    ]);
    expect(isOracleRef({ $ref: {} })).toBe(true);
    expect(isOracleRef({ $ref: {}, other: 1 })).toBe(false);
    expect(isOracleRef([{ $ref: {} }])).toBe(false);
  });

  it('requires steps in time order (they run in file order)', () => {
    expect(
      issues(
        plan([
          { at: '2026-01-28T09:00:00Z', read: ['email'] },
          { at: '2026-01-28T08:00:00Z', read: ['email'] },
        ]),
      ),
    ).toEqual([
      "steps.1.at: is before the previous step's at (2026-01-28T09:00:00Z); steps run in file order",
    ]);
  });

  it('knows every action name once, and aliases only map to known names', () => {
    expect(new Set(ORACLE_ACTION_NAMES).size).toBe(ORACLE_ACTION_NAMES.length);
    for (const [alias, name] of Object.entries(ORACLE_ACTION_ALIASES)) {
      expect(ORACLE_ACTION_NAMES).toContain(name);
      expect(canonicalOracleAction(alias)).toBe(name);
    }
    expect(canonicalOracleAction('email.send')).toBe('email.send');
    expect(canonicalOracleAction('email.teleport')).toBeUndefined();
  });
});

describe('validateOraclePlan', () => {
  it('accepts a plan inside its scenario, edges included', () => {
    const parsed = oraclePlanSchema.parse(
      plan([
        { at: '2026-01-28T06:00:00Z', read: ['email'] },
        { at: '2026-01-28T18:00:00Z', read: ['email'] },
      ]),
    );
    expect(validateOraclePlan(parsed, SCENARIO)).toEqual([]);
  });

  it('reports another scenario id and times outside the scenario', () => {
    const parsed = oraclePlanSchema.parse(
      plan(
        [
          { at: '2026-01-28T05:59:00Z', read: ['email'] },
          { at: '2026-01-28T12:00:00+02:00', read: ['email'] },
          { at: '2026-01-28T18:00:01Z', read: ['email'] },
        ],
        { scenario_id: 'other' },
      ),
    );
    expect(validateOraclePlan(parsed, SCENARIO)).toEqual([
      { path: 'scenario_id', message: '"other" does not match the scenario "demo_scenario"' },
      {
        path: 'steps[0].at',
        message: '2026-01-28T05:59:00Z is outside the scenario (2026-01-28T06:00:00Z – 2026-01-28T18:00:00Z)',
      },
      {
        path: 'steps[2].at',
        message: '2026-01-28T18:00:01Z is outside the scenario (2026-01-28T06:00:00Z – 2026-01-28T18:00:00Z)',
      },
    ]);
  });
});
