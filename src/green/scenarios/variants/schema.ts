import { z } from 'zod';

/**
 * `variants` in scenario.json: what a seeded variant (docs/SCENARIOS.md §9) may change besides
 * the defaults (every person but the user renamed, every date shifted by whole weeks). Places and
 * arrival permutations exist only where the scenario declares them.
 */

const formsSchema = z.array(z.string().min(1)).min(1);

/**
 * A place and its alternatives. `forms` are the ways the canonical place is written (name, short
 * name, web domain…); each alternative gives the same number of forms, in the same order, so
 * "Bella Vista" and "bellavista.example" change together.
 */
export const variantPlaceSchema = z
  .object({
    forms: formsSchema,
    alternatives: z.array(formsSchema).min(1),
  })
  .strict()
  .superRefine((place, ctx) => {
    place.alternatives.forEach((alternative, index) => {
      if (alternative.length !== place.forms.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['alternatives', index],
          message: `gives ${alternative.length} form(s); "forms" has ${place.forms.length}`,
        });
      }
    });
  });
export type VariantPlace = z.infer<typeof variantPlaceSchema>;

export const GENDERS = ['f', 'm', 'x'] as const;

export const variantsSchema = z
  .object({
    /** People whose names never change (the user never does). Businesses belong in `places`. */
    pin: z.array(z.string().min(1)).default([]),
    /** Which part of the name pool a person's new first name comes from (`x`: any). */
    genders: z.record(z.string(), z.enum(GENDERS)).default({}),
    places: z.array(variantPlaceSchema).default([]),
    /**
     * Groups of scripted arrivals (message ids of scheduled `email.receive` / `sms.receive_message`
     * events) whose arrival times may be exchanged, e.g. the messages of one reporting window.
     */
    permute: z.array(z.array(z.string().min(1)).min(2)).default([]),
    /** How the scenario writes numeric dates such as 3/4 (month first or day first). */
    numeric_dates: z.enum(['mdy', 'dmy']).default('mdy'),
    /** Largest time shift, in weeks either way (0: times never move). */
    max_shift_weeks: z.number().int().min(0).max(104).default(26),
    /** False: nobody is renamed. */
    rename: z.boolean().default(true),
  })
  .strict();
export type VariantsSpec = z.infer<typeof variantsSchema>;

export const DEFAULT_VARIANTS: VariantsSpec = variantsSchema.parse({});
