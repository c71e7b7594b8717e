import { z } from 'zod';
import { zIsoDateTime, zJsonObject } from './common.js';

/** `GET /environment/state`: every modality's full state, keyed by modality name. */
export const environmentStateSchema = z.looseObject({
  current_time: zIsoDateTime,
  modalities: z.record(z.string(), zJsonObject),
  summary: z.array(z.looseObject({ modality_type: z.string(), state_summary: z.string() })),
});
export type EnvironmentState = z.infer<typeof environmentStateSchema>;

/** `GET /environment/state?compact=true`: a short snapshot per modality, for prompts. */
export const compactEnvironmentStateSchema = z.looseObject({
  snapshot_time: zIsoDateTime,
  format: z.literal('compact'),
  modalities: z.record(z.string(), zJsonObject),
  events: z.looseObject({
    pending_count: z.number().int(),
    next_event_time: zIsoDateTime.nullish(),
    next_event_modality: z.string().nullish(),
  }),
});
export type CompactEnvironmentState = z.infer<typeof compactEnvironmentStateSchema>;

/** `GET /environment/state?compact=true&format=text`: plain text. */
export const textEnvironmentStateSchema = z.string();

/** `GET /environment/modalities`. */
export const modalityListSchema = z.looseObject({
  modalities: z.array(z.string()),
  count: z.number().int(),
});
export type ModalityList = z.infer<typeof modalityListSchema>;

/** `POST /environment/validate`. */
export const environmentValidationSchema = z.looseObject({
  valid: z.boolean(),
  errors: z.array(z.string()),
  checked_at: zIsoDateTime,
});
export type EnvironmentValidation = z.infer<typeof environmentValidationSchema>;
