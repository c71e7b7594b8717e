import {
  compactEnvironmentStateSchema,
  environmentStateSchema,
  environmentValidationSchema,
  modalityListSchema,
  textEnvironmentStateSchema,
  type CompactEnvironmentState,
  type EnvironmentState,
  type EnvironmentValidation,
  type ModalityList,
} from '../schemas/environment.js';
import type { CallOptions, UesTransport } from '../transport.js';

/** `GET /environment/state` options. `format: 'text'` needs `compact: true`. */
export interface EnvironmentStateQuery {
  compact?: boolean;
  format?: 'json' | 'text';
}

/** `/environment`: the whole simulated world at once. */
export class EnvironmentClient {
  constructor(private readonly transport: UesTransport) {}

  /** Every modality's full state (`environment:read`). */
  state(query?: { compact?: false; format?: 'json' }, options?: CallOptions): Promise<EnvironmentState>;
  /** A short snapshot per modality. */
  state(query: { compact: true; format?: 'json' }, options?: CallOptions): Promise<CompactEnvironmentState>;
  /** The compact snapshot as human-readable text (for prompts). */
  state(query: { compact: true; format: 'text' }, options?: CallOptions): Promise<string>;
  state(
    query?: EnvironmentStateQuery,
    options?: CallOptions,
  ): Promise<EnvironmentState | CompactEnvironmentState | string>;
  state(
    query: EnvironmentStateQuery = {},
    options?: CallOptions,
  ): Promise<EnvironmentState | CompactEnvironmentState | string> {
    const path = '/environment/state';
    const wire = { compact: query.compact, format: query.format };
    if (query.compact && query.format === 'text') {
      return this.transport.call(
        { method: 'GET', path, query: wire, schema: textEnvironmentStateSchema, responseType: 'text' },
        options,
      );
    }
    if (query.compact) {
      return this.transport.call(
        { method: 'GET', path, query: wire, schema: compactEnvironmentStateSchema },
        options,
      );
    }
    return this.transport.call({ method: 'GET', path, query: wire, schema: environmentStateSchema }, options);
  }

  /** Modality names in registration order (`environment:list`). */
  modalities(options?: CallOptions): Promise<ModalityList> {
    return this.transport.call(
      { method: 'GET', path: '/environment/modalities', schema: modalityListSchema },
      options,
    );
  }

  /** Consistency check of the clock, states and queue (`environment:validate`). */
  validate(options?: CallOptions): Promise<EnvironmentValidation> {
    return this.transport.call(
      { method: 'POST', path: '/environment/validate', schema: environmentValidationSchema },
      options,
    );
  }
}
