import { z } from 'zod';

/**
 * A scenario's initial state is a UES full export, in either form the UES writes:
 * wrapped `{scenario: {metadata, environment, events}, strict_modalities}` (the body of
 * `POST /scenario/import/full`) or unwrapped `{metadata, environment, events}`. We check only what
 * the green relies on — the clock and the four modality states — and leave the rest to the UES,
 * which validates the import in full.
 */

export const REQUIRED_MODALITIES = ['email', 'sms', 'calendar', 'chat'] as const;

const modalityState = z.record(z.string(), z.unknown(), {
  error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object (a modality state)'),
});

const unwrappedSchema = z.looseObject({
  metadata: z.record(z.string(), z.unknown()).optional(),
  environment: z.looseObject({
    time_state: z.looseObject({ current_time: z.string().min(1) }),
    modality_states: z.looseObject({
      email: modalityState,
      sms: modalityState,
      calendar: modalityState,
      chat: modalityState,
    }),
  }),
  events: z.looseObject({ events: z.array(z.record(z.string(), z.unknown())) }).optional(),
});

const wrappedSchema = z.looseObject({
  scenario: unwrappedSchema,
  strict_modalities: z.boolean().optional(),
});

/** What the green POSTs to `/scenario/import/full`. */
export interface ScenarioInitialState {
  scenario: Record<string, unknown>;
  strict_modalities: boolean;
}

export type InitialStateResult =
  | { ok: true; value: ScenarioInitialState }
  | { ok: false; issues: { path: PropertyKey[]; message: string }[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates either export form and returns the wrapped one. */
export function normaliseInitialState(value: unknown): InitialStateResult {
  if (!isRecord(value)) {
    return { ok: false, issues: [{ path: [], message: 'must be a JSON object (a UES scenario export)' }] };
  }
  const wrapped = 'scenario' in value;
  const parsed = wrapped ? wrappedSchema.safeParse(value) : unwrappedSchema.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message })),
    };
  }
  if (wrapped) {
    const data = parsed.data as z.infer<typeof wrappedSchema>;
    return {
      ok: true,
      value: { scenario: data.scenario, strict_modalities: data.strict_modalities ?? false },
    };
  }
  return { ok: true, value: { scenario: parsed.data, strict_modalities: false } };
}

/** Item counts per modality plus scheduled events, for the "empty state" warning and reports. */
export function countInitialState(state: ScenarioInitialState): {
  emails: number;
  sms_messages: number;
  calendar_events: number;
  chat_messages: number;
  scheduled_events: number;
} {
  const scenario = state.scenario as z.infer<typeof unwrappedSchema>;
  const modalities = scenario.environment.modality_states;
  const size = (container: unknown): number => {
    if (Array.isArray(container)) return container.length;
    if (isRecord(container)) return Object.keys(container).length;
    return 0;
  };
  return {
    emails: size(modalities.email.emails),
    sms_messages: size(modalities.sms.messages),
    calendar_events: size(modalities.calendar.events),
    chat_messages: size(modalities.chat.messages),
    scheduled_events: scenario.events?.events.length ?? 0,
  };
}
