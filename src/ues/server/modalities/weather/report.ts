import { z } from 'zod';

/**
 * A weather report in OpenWeather "One Call 3.0" field names (the original's WeatherReport).
 * Temperatures are stored in Kelvin and speeds in m/s ("standard" units); queries convert.
 */

const zUnixTime = z.number().int();

const zCondition = z.object({
  id: z.number().int(),
  main: z.string(),
  description: z.string(),
  icon: z.string(),
});

const zCurrent = z.object({
  dt: zUnixTime,
  sunrise: zUnixTime,
  sunset: zUnixTime,
  temp: z.number(),
  feels_like: z.number(),
  pressure: z.number().int(),
  humidity: z.number().int(),
  dew_point: z.number(),
  uvi: z.number(),
  clouds: z.number().int(),
  visibility: z.number().int(),
  wind_speed: z.number(),
  wind_deg: z.number().int(),
  wind_gust: z.number().nullish(),
  weather: z.array(zCondition),
});

const zMinutely = z.object({ dt: zUnixTime, precipitation: z.number() });

const zHourly = z.object({
  dt: zUnixTime,
  temp: z.number(),
  feels_like: z.number(),
  pressure: z.number().int(),
  humidity: z.number().int(),
  dew_point: z.number(),
  uvi: z.number(),
  clouds: z.number().int(),
  visibility: z.number().int().nullish(),
  wind_speed: z.number(),
  wind_deg: z.number().int(),
  wind_gust: z.number().nullish(),
  weather: z.array(zCondition),
  pop: z.number(),
  rain: z.record(z.string(), z.number()).nullish(),
  snow: z.record(z.string(), z.number()).nullish(),
});

const zDailyTemperature = z.object({
  day: z.number(),
  min: z.number(),
  max: z.number(),
  night: z.number(),
  eve: z.number(),
  morn: z.number(),
});

const zDailyFeelsLike = z.object({ day: z.number(), night: z.number(), eve: z.number(), morn: z.number() });

const zDaily = z.object({
  dt: zUnixTime,
  sunrise: zUnixTime,
  sunset: zUnixTime,
  moonrise: zUnixTime,
  moonset: zUnixTime,
  moon_phase: z.number(),
  summary: z.string().nullish(),
  temp: zDailyTemperature,
  feels_like: zDailyFeelsLike,
  pressure: z.number().int(),
  humidity: z.number().int(),
  dew_point: z.number(),
  wind_speed: z.number(),
  wind_deg: z.number().int(),
  wind_gust: z.number().nullish(),
  weather: z.array(zCondition),
  clouds: z.number().int(),
  pop: z.number(),
  rain: z.number().nullish(),
  snow: z.number().nullish(),
  uvi: z.number(),
});

const zAlert = z.object({
  sender_name: z.string(),
  event: z.string(),
  start: zUnixTime,
  end: zUnixTime,
  description: z.string(),
  tags: z.array(z.string()).default([]),
});

export const weatherReportSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  timezone: z.string(),
  timezone_offset: z.number().int(),
  current: zCurrent.nullish(),
  minutely: z.array(zMinutely).nullish(),
  hourly: z.array(zHourly).nullish(),
  daily: z.array(zDaily).nullish(),
  alerts: z.array(zAlert).nullish(),
});
export type WeatherReport = z.output<typeof weatherReportSchema>;

export const REPORT_SECTIONS = ['current', 'minutely', 'hourly', 'daily', 'alerts'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];
export const UNIT_SYSTEMS = ['standard', 'metric', 'imperial'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

/** A copy of the report with the excluded sections set to null (as the original). */
export function withoutSections(report: WeatherReport, exclude: readonly ReportSection[]): WeatherReport {
  if (exclude.length === 0) return report;
  const copy: WeatherReport = { ...report };
  for (const section of exclude) copy[section] = null;
  return copy;
}

/**
 * The report in the requested units: metric gives °C, imperial °F and mph; standard is stored
 * as is. Converts the same fields as the original (temperatures, dew points, wind speed and gusts).
 */
export function inUnits(report: WeatherReport, units: UnitSystem): WeatherReport {
  if (units === 'standard') return report;
  const temp = (kelvin: number): number =>
    units === 'metric' ? kelvin - 273.15 : ((kelvin - 273.15) * 9) / 5 + 32;
  const speed = (metersPerSecond: number): number =>
    units === 'imperial' ? metersPerSecond * 2.23694 : metersPerSecond;
  const gust = (value: number | null | undefined): number | null | undefined =>
    value ? speed(value) : value;
  const copy: WeatherReport = { ...report };
  if (report.current) {
    const current = report.current;
    copy.current = {
      ...current,
      temp: temp(current.temp),
      feels_like: temp(current.feels_like),
      dew_point: temp(current.dew_point),
      wind_speed: speed(current.wind_speed),
      wind_gust: gust(current.wind_gust),
    };
  }
  if (report.hourly) {
    copy.hourly = report.hourly.map((hour) => ({
      ...hour,
      temp: temp(hour.temp),
      feels_like: temp(hour.feels_like),
      dew_point: temp(hour.dew_point),
      wind_speed: speed(hour.wind_speed),
      wind_gust: gust(hour.wind_gust),
    }));
  }
  if (report.daily) {
    copy.daily = report.daily.map((day) => ({
      ...day,
      temp: {
        day: temp(day.temp.day),
        min: temp(day.temp.min),
        max: temp(day.temp.max),
        night: temp(day.temp.night),
        eve: temp(day.temp.eve),
        morn: temp(day.temp.morn),
      },
      feels_like: {
        day: temp(day.feels_like.day),
        night: temp(day.feels_like.night),
        eve: temp(day.feels_like.eve),
        morn: temp(day.feels_like.morn),
      },
      dew_point: temp(day.dew_point),
      wind_speed: speed(day.wind_speed),
      wind_gust: gust(day.wind_gust),
    }));
  }
  return copy;
}
