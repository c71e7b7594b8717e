import type { UpdateWeatherRequest, WeatherQuery } from '../requests/weather.js';
import type { ModalityActionResponse } from '../schemas/common.js';
import {
  compactWeatherStateSchema,
  weatherQueryResponseSchema,
  weatherStateSchema,
  type CompactWeatherState,
  type WeatherQueryResponse,
  type WeatherStateResponse,
} from '../schemas/weather.js';
import type { CallOptions, UesTransport } from '../transport.js';
import { ModalityResource } from './modality-resource.js';

/** `/weather`: simulated OpenWeather-style reports per location. */
export class WeatherClient extends ModalityResource {
  constructor(transport: UesTransport) {
    super(transport, 'weather');
  }

  /** Every location with its current report and history (`weather:state`). */
  state(query?: { compact?: false }, options?: CallOptions): Promise<WeatherStateResponse>;
  /** Current reports only (`weather:state`). */
  state(query: { compact: true }, options?: CallOptions): Promise<CompactWeatherState>;
  state(
    query?: { compact?: boolean },
    options?: CallOptions,
  ): Promise<WeatherStateResponse | CompactWeatherState>;
  state(
    query: { compact?: boolean } = {},
    options?: CallOptions,
  ): Promise<WeatherStateResponse | CompactWeatherState> {
    return this.fetchState(
      { compact: query.compact },
      query.compact,
      { full: weatherStateSchema, condensed: compactWeatherStateSchema },
      options,
    );
  }

  /** Reports for a location in the requested units (`weather:query`). */
  query(query: WeatherQuery, options?: CallOptions): Promise<WeatherQueryResponse> {
    return this.postQuery(query, weatherQueryResponseSchema, options);
  }

  /** Files a report (`weather:update`; proctor only). */
  update(request: UpdateWeatherRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('update', request, options);
  }
}
