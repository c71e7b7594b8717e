import { z } from 'zod';

export const TIME_FORMATS = ['12h', '24h'] as const;
export const WEEK_STARTS = ['sunday', 'monday'] as const;
export const DATE_FORMATS = [
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'DD.MM.YYYY',
  'DD-MM-YYYY',
] as const;

function isIanaZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const zTimeZone = z.string().refine(isIanaZone, {
  error: (issue) => `Invalid timezone '${String(issue.input)}': not an IANA time zone name`,
});

/**
 * The user's time-display preferences (TimeInput): not the simulated clock, which is
 * `/simulator/time`. Reached through `POST /events` with modality `time`, as in the original.
 */
export const timeInputSchema = z.object({
  timezone: zTimeZone,
  format_preference: z.enum(TIME_FORMATS),
  date_format: z.enum(DATE_FORMATS).nullish(),
  locale: z.string().nullish(),
  week_start: z.enum(WEEK_STARTS).nullish(),
});
export type TimeInput = z.output<typeof timeInputSchema>;
