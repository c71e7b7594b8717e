import { z } from 'zod';
import type { ModalityInput } from '../../core/event.js';
import { freeForm } from '../../http/doc-meta.js';
import { weatherReportSchema, type WeatherReport } from './report.js';

/** A weather update for one location (WeatherInput). */
export const weatherInputSchema = z.object({
  latitude: z
    .number()
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
  longitude: z
    .number()
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
  // OpenWeather's format: fields it adds (and we do not keep) are dropped, never refused.
  report: freeForm(weatherReportSchema),
});
export type WeatherInput = z.output<typeof weatherInputSchema>;

/** The report must describe the location it is filed under (within 0.01°). */
export function weatherInputProblems(input: ModalityInput): string[] {
  const weather = input as unknown as WeatherInput;
  const report: WeatherReport = weather.report;
  const problems: string[] = [];
  if (Math.abs(report.lat - weather.latitude) > 0.01) {
    problems.push(`Report latitude ${report.lat} doesn't match input latitude ${weather.latitude}`);
  }
  if (Math.abs(report.lon - weather.longitude) > 0.01) {
    problems.push(`Report longitude ${report.lon} doesn't match input longitude ${weather.longitude}`);
  }
  return problems;
}

/** Locations are keyed by coordinates rounded to 0.01° (about 1 km), e.g. `40.71,-74.01`. */
export function locationKey(latitude: number, longitude: number): string {
  const round = (value: number): string => (Math.round(value * 100) / 100 || 0).toFixed(2);
  return `${round(latitude)},${round(longitude)}`;
}
