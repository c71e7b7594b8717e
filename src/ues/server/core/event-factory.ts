import type { z } from 'zod';
import type { ModalityRegistry, ModalityStates } from './environment.js';
import { badRequest, UesError } from './errors.js';
import type { ModalityInput, SimulatorEvent } from './event.js';
import { withIds, type IdSource } from './ids.js';
import { formatTime } from './time.js';

export interface NewEvent {
  scheduledTime: number;
  modality: string;
  data: unknown;
  priority: number;
  metadata?: Record<string, unknown>;
  agentId?: string | null;
  /** Keep this input id (scenario imports); a new one is generated otherwise. */
  inputId?: string;
  /** Keep this input timestamp (scenario imports); defaults to the scheduled time. */
  timestamp?: string;
}

interface FactoryContext {
  registry: ModalityRegistry;
  states: ModalityStates;
  now: number;
  seq: number;
  ids: IdSource;
}

const ENVELOPE_KEYS = new Set(['modality_type', 'timestamp', 'input_id']);

/** Describes zod issues in one line: `to_addresses: Too small: expected array to have >=1 items`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** Validates a modality input the way the event routes do and wraps it in its envelope. */
export function buildInput(
  registry: ModalityRegistry,
  states: ModalityStates,
  modality: string,
  data: unknown,
  envelope: { timestamp: string; inputId?: string },
  ids: IdSource,
): ModalityInput {
  const definition = registry.require(modality);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UesError(422, `Invalid data for ${modality} modality: data must be a JSON object`);
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (!ENVELOPE_KEYS.has(key)) fields[key] = value;
  const parsed = withIds(ids, () => definition.inputSchema.safeParse(fields));
  if (!parsed.success) {
    throw new UesError(422, `Invalid data for ${modality} modality: ${describeZodError(parsed.error)}`);
  }
  const input: ModalityInput = {
    modality_type: modality,
    timestamp: envelope.timestamp,
    input_id: envelope.inputId ?? ids.next('input'),
    ...parsed.data,
  };
  const state = states.get(modality);
  const problems = state ? state.validate(input) : [];
  if (problems.length > 0) throw badRequest(`Invalid event: ${JSON.stringify(problems)}`);
  return input;
}

export function buildEvent(spec: NewEvent, context: FactoryContext): SimulatorEvent {
  const input = buildInput(
    context.registry,
    context.states,
    spec.modality,
    spec.data,
    {
      timestamp: spec.timestamp ?? formatTime(spec.scheduledTime),
      ...(spec.inputId ? { inputId: spec.inputId } : {}),
    },
    context.ids,
  );
  return {
    event_id: context.ids.next('event'),
    scheduled_time: spec.scheduledTime,
    modality: spec.modality,
    data: input,
    status: 'pending',
    priority: spec.priority,
    created_at: context.now,
    executed_at: null,
    error_message: null,
    agent_id: spec.agentId ?? null,
    metadata: spec.metadata ?? {},
    seq: context.seq,
  };
}
