/** `POST /weather/update` (and WeatherInput for `/events`); the report's lat/lon must match within 0.01°. */
export interface UpdateWeatherRequest {
  latitude: number;
  longitude: number;
  /** An OpenWeather One Call report; temperatures in Kelvin, speeds in m/s. */
  report: Record<string, unknown> & { lat: number; lon: number; timezone: string; timezone_offset: number };
}

export type WeatherSection = 'current' | 'minutely' | 'hourly' | 'daily' | 'alerts';

/** `POST /weather/query`. Without a time window only the current report is returned. */
export interface WeatherQuery {
  lat: number;
  lon: number;
  exclude?: WeatherSection[];
  /** `standard` (K, m/s), `metric` (°C) or `imperial` (°F, mph). */
  units?: 'standard' | 'metric' | 'imperial';
  /** Unix seconds: reports recorded since / until. */
  from_time?: number;
  to_time?: number;
  limit?: number;
  offset?: number;
}
