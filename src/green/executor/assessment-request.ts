import type { Message } from '@a2a-js/sdk';
import { z } from 'zod';
import { payloadOfMessage, textsOf } from '../../protocol/index.js';
import { assessmentConfigSchema, type AssessmentConfig } from '../assessment/assessment-config.js';
import { REQUEST_EXAMPLE } from './request-examples.js';
import { suiteConfigFields, suitePlanOf, checkSuiteConfig, type SuitePlan } from './suite-config.js';

export { REQUEST_EXAMPLE, SUITE_REQUEST_EXAMPLE } from './request-examples.js';

/**
 * The assessment request the AgentBeats platform sends: one message whose DataPart — or, as the
 * platform actually sends it, TextPart — holds `{participants: {role: url}, config: {...}}`
 * (bug 10 of the original accepted only DataParts). The config names one scenario
 * (`scenario_id`) or a suite (`scenarios`), optionally with `trials`, `concurrency` and the
 * platform's sharding keys (suite-config.ts).
 */

export const requestConfigSchema = assessmentConfigSchema
  .extend(suiteConfigFields)
  .superRefine(checkSuiteConfig);
export type RequestConfig = z.infer<typeof requestConfigSchema>;

export const assessmentRequestSchema = z.object({
  participants: z
    .record(
      z.string().min(1, { error: 'role names must not be empty' }),
      z.url({
        protocol: /^https?$/,
        error: 'must be an absolute http(s) URL of the participant’s A2A endpoint',
      }),
      { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object {role: url}') },
    )
    .refine((participants) => Object.keys(participants).length > 0, {
      error: 'must name at least one participant',
    }),
  config: requestConfigSchema,
});
export type AssessmentRequest = z.infer<typeof assessmentRequestSchema>;

/** Role names taken to mean "the assistant under test" when there are several participants. */
export const ASSISTANT_ROLES = ['assistant', 'purple', 'agent', 'personal_assistant'] as const;

/** The request cannot be used; the message says what to fix. The task ends `rejected`. */
export class InvalidAssessmentRequestError extends Error {
  override readonly name = 'InvalidAssessmentRequestError';
}

/** One assessment exactly as before trials existed, or a suite of trials. */
export type AssessmentPlan =
  { kind: 'single'; config: AssessmentConfig } | { kind: 'suite'; suite: SuitePlan };

export interface ParsedAssessmentRequest {
  request: AssessmentRequest;
  participantRole: string;
  purpleUrl: string;
  /** The request's config as sent (extra keys kept). */
  config: RequestConfig;
  plan: AssessmentPlan;
}

/** Reads and validates the request in an A2A message, and picks the participant to assess. */
export function readAssessmentRequest(message: Message): ParsedAssessmentRequest {
  const payload = payloadOfMessage(message);
  if (payload === undefined) {
    const hasText = textsOf(message.parts).some((text) => text.trim() !== '');
    throw new InvalidAssessmentRequestError(
      `${hasText ? 'the request text is not a JSON object' : 'the request holds no JSON object'}; send ` +
        `${JSON.stringify(REQUEST_EXAMPLE)} as a TextPart (or DataPart)`,
    );
  }
  const parsed = assessmentRequestSchema.safeParse(payload);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.map(String).join('.') || 'request'}: ${issue.message}`,
    );
    throw new InvalidAssessmentRequestError(`invalid assessment request: ${problems.join('; ')}`);
  }
  const [participantRole, purpleUrl] = selectParticipant(parsed.data.participants);
  const config = parsed.data.config;
  const suite = suitePlanOf(config);
  const plan: AssessmentPlan =
    suite === undefined
      ? { kind: 'single', config: { ...config, scenario_id: config.scenario_id! } }
      : { kind: 'suite', suite };
  return { request: parsed.data, participantRole, purpleUrl, config, plan };
}

/**
 * The participant to assess: the only one, or else the one whose role names the assistant
 * (`assistant`, `purple`, `agent`, `personal_assistant`, any case, `-` or `_`).
 */
export function selectParticipant(participants: Readonly<Record<string, string>>): [string, string] {
  const entries = Object.entries(participants);
  if (entries.length === 1) return entries[0]!;
  const normalized = (role: string) => role.trim().toLowerCase().replaceAll('-', '_');
  const assistants = entries.filter(([role]) =>
    (ASSISTANT_ROLES as readonly string[]).includes(normalized(role)),
  );
  if (assistants.length === 1) return assistants[0]!;
  const roles = entries.map(([role]) => JSON.stringify(role)).join(', ');
  throw new InvalidAssessmentRequestError(
    assistants.length === 0
      ? `participants has ${entries.length} roles (${roles}) and none is the assistant; name the assistant’s role one of ${ASSISTANT_ROLES.join(', ')}, or send one participant`
      : `participants has several assistant roles (${roles}); this benchmark assesses one participant at a time`,
  );
}
