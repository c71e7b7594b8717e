import type { LocationQuery, UpdateLocationRequest } from '../requests/location.js';
import type { ModalityActionResponse } from '../schemas/common.js';
import {
  compactLocationStateSchema,
  locationQueryResponseSchema,
  locationStateSchema,
  type CompactLocationState,
  type LocationQueryResponse,
  type LocationStateResponse,
} from '../schemas/location.js';
import type { CallOptions, UesTransport } from '../transport.js';
import { toWireTime } from '../wire.js';
import { ModalityResource } from './modality-resource.js';

/** `/location`: where the user is. */
export class LocationClient extends ModalityResource {
  constructor(transport: UesTransport) {
    super(transport, 'location');
  }

  /** The current position and the history (`location:state`). */
  state(query?: { compact?: false }, options?: CallOptions): Promise<LocationStateResponse>;
  /** The current position without history (`location:state`). */
  state(query: { compact: true }, options?: CallOptions): Promise<CompactLocationState>;
  state(
    query?: { compact?: boolean },
    options?: CallOptions,
  ): Promise<LocationStateResponse | CompactLocationState>;
  state(
    query: { compact?: boolean } = {},
    options?: CallOptions,
  ): Promise<LocationStateResponse | CompactLocationState> {
    return this.fetchState(
      { compact: query.compact },
      query.compact,
      { full: locationStateSchema, condensed: compactLocationStateSchema },
      options,
    );
  }

  /** Positions by time window or name (`location:query`). */
  query(query: LocationQuery = {}, options?: CallOptions): Promise<LocationQueryResponse> {
    const body = {
      ...query,
      ...(query.since === undefined ? {} : { since: toWireTime(query.since) }),
      ...(query.until === undefined ? {} : { until: toWireTime(query.until) }),
    };
    return this.postQuery(body, locationQueryResponseSchema, options);
  }

  /** Moves the user (`location:update`; proctor only). */
  update(request: UpdateLocationRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('update', request, options);
  }
}
