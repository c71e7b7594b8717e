import { z } from 'zod';
import { zIsoDateTime } from './common.js';

const condition = z.looseObject({
  id: z.number(),
  main: z.string(),
  description: z.string(),
  icon: z.string(),
});

/** A weather report in OpenWeather One Call field names; nested sections stay loosely typed. */
export const weatherReportSchema = z.looseObject({
  lat: z.number(),
  lon: z.number(),
  timezone: z.string(),
  timezone_offset: z.number(),
  current: z
    .looseObject({
      dt: z.number(),
      temp: z.number(),
      feels_like: z.number(),
      humidity: z.number(),
      wind_speed: z.number(),
      weather: z.array(condition),
    })
    .nullish(),
  minutely: z.array(z.looseObject({})).nullish(),
  hourly: z.array(z.looseObject({})).nullish(),
  daily: z.array(z.looseObject({})).nullish(),
  alerts: z.array(z.looseObject({})).nullish(),
});
export type WeatherReport = z.infer<typeof weatherReportSchema>;

export const weatherLocationSchema = z.looseObject({
  latitude: z.number(),
  longitude: z.number(),
  current_report: weatherReportSchema,
  first_seen: zIsoDateTime,
  last_updated: zIsoDateTime,
  update_count: z.number().int(),
  report_history: z.array(z.looseObject({ timestamp: zIsoDateTime, report: weatherReportSchema })),
});
export type WeatherLocation = z.infer<typeof weatherLocationSchema>;

/** `GET /weather/state`: locations keyed by coordinates rounded to 0.01° (`40.71,-74.01`). */
export const weatherStateSchema = z.looseObject({
  modality_type: z.literal('weather'),
  last_updated: zIsoDateTime,
  update_count: z.number().int(),
  locations: z.record(z.string(), weatherLocationSchema),
  location_count: z.number().int(),
});
export type WeatherStateResponse = z.infer<typeof weatherStateSchema>;

/** `GET /weather/state?compact=true`: current reports only. */
export const compactWeatherStateSchema = z.looseObject({
  modality_type: z.literal('weather'),
  last_updated: zIsoDateTime,
  update_count: z.number().int(),
  location_count: z.number().int(),
  locations: z.record(
    z.string(),
    z.looseObject({
      latitude: z.number(),
      longitude: z.number(),
      last_updated: zIsoDateTime,
      current_report: weatherReportSchema,
      report_count: z.number().int(),
    }),
  ),
});
export type CompactWeatherState = z.infer<typeof compactWeatherStateSchema>;

/** `POST /weather/query`: an unknown location answers no reports and an `error`. */
export const weatherQueryResponseSchema = z.looseObject({
  reports: z.array(weatherReportSchema),
  count: z.number().int(),
  total_count: z.number().int(),
  error: z.string().nullish(),
});
export type WeatherQueryResponse = z.infer<typeof weatherQueryResponseSchema>;
