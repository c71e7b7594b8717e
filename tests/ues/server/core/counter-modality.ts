import { z } from 'zod';
import { ModalityOperationError } from '../../../../src/ues/server/core/errors.js';
import type { ModalityInput } from '../../../../src/ues/server/core/event.js';
import { formatTime } from '../../../../src/ues/server/core/time.js';
import type {
  ApplyContext,
  ModalityDefinition,
  ModalityState,
} from '../../../../src/ues/server/modalities/modality.js';

/** A minimal modality for engine tests: adds amounts to a total and can be told to fail. */
export class CounterState implements ModalityState {
  readonly modalityType = 'counter';
  updateCount = 0;
  total = 0;
  applied: string[] = [];
  constructor(public lastUpdated: number) {}
  validate(input: ModalityInput): string[] {
    return input.operation === 'add' && typeof input.amount !== 'number' ? ['add requires amount'] : [];
  }
  apply(input: ModalityInput, context: ApplyContext): void {
    context.journal.push(this.applied, String(input.label ?? input.operation));
    if (input.operation === 'fail') {
      context.journal.set(this, 'total', this.total + 1000);
      throw new ModalityOperationError('told to fail');
    }
    context.journal.set(this, 'total', this.total + (input.amount as number));
  }
  toJSON(): Record<string, unknown> {
    return {
      modality_type: 'counter',
      last_updated: formatTime(this.lastUpdated),
      update_count: this.updateCount,
      total: this.total,
      applied: this.applied,
    };
  }
  summary(): string {
    return `total ${this.total}`;
  }
  compact(): Record<string, unknown> {
    return { summary: this.summary() };
  }
  checkConsistency(): string[] {
    return [];
  }
  clear(now: number): void {
    this.total = 0;
    this.applied = [];
    this.updateCount = 0;
    this.lastUpdated = now;
  }
}

export const counterModality: ModalityDefinition = {
  name: 'counter',
  inputSchema: z.object({
    operation: z.enum(['add', 'fail']).default('add'),
    amount: z.number().nullish(),
    label: z.string().nullish(),
  }),
  createState: (now) => new CounterState(now),
  loadState: (json, now) => {
    const data = z.object({ total: z.number().default(0) }).parse(json);
    const state = new CounterState(now);
    state.total = data.total;
    return state;
  },
};
