import type { z } from 'zod';
import { modalityActionResponseSchema, type ModalityActionResponse } from '../schemas/common.js';
import type { CallOptions, UesTransport } from '../transport.js';
import type { QueryParams } from '../wire.js';

/**
 * What every modality client shares: `GET /<m>/state` in its full or condensed form,
 * `POST /<m>/query`, and `POST /<m>/<action>` answering a ModalityActionResponse.
 */
export abstract class ModalityResource {
  protected constructor(
    protected readonly transport: UesTransport,
    private readonly modality: string,
  ) {}

  /** The full state, or the condensed one when `condensed` is true. */
  protected fetchState<Full, Condensed>(
    wire: QueryParams,
    condensed: boolean | undefined,
    schemas: { full: z.ZodType<Full>; condensed: z.ZodType<Condensed> },
    options: CallOptions | undefined,
  ): Promise<Full | Condensed> {
    const path = `/${this.modality}/state`;
    return condensed
      ? this.transport.call({ method: 'GET', path, query: wire, schema: schemas.condensed }, options)
      : this.transport.call({ method: 'GET', path, query: wire, schema: schemas.full }, options);
  }

  protected postQuery<T>(body: object, schema: z.ZodType<T>, options: CallOptions | undefined): Promise<T> {
    return this.transport.call({ method: 'POST', path: `/${this.modality}/query`, body, schema }, options);
  }

  protected act(
    action: string,
    body: object,
    options: CallOptions | undefined,
  ): Promise<ModalityActionResponse> {
    return this.transport.call(
      { method: 'POST', path: `/${this.modality}/${action}`, body, schema: modalityActionResponseSchema },
      options,
    );
  }
}
