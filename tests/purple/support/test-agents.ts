import {
  BasePurpleAgent,
  completeTurn,
  type AssessmentContext,
  type TurnContext,
  type TurnOutcome,
} from '../../../src/purple/index.js';
import type { AssessmentEndReason } from '../../../src/protocol/index.js';

/** Agents for lifecycle tests: they record what the kit told them and answer as scripted. */

export class RecordingAgent extends BasePurpleAgent {
  readonly events: string[] = [];
  started: AssessmentContext | undefined;
  turns: TurnContext[] = [];
  outcome: (turn: TurnContext) => TurnOutcome | Promise<TurnOutcome> = (turn) =>
    completeTurn({ notes: `turn ${turn.turnNumber}` });

  protected override async onAssessmentStart(context: AssessmentContext): Promise<void> {
    this.started = context;
    this.events.push('start');
  }

  async executeTurn(turn: TurnContext): Promise<TurnOutcome> {
    this.turns.push(turn);
    this.events.push(`turn ${turn.turnNumber}`);
    return this.outcome(turn);
  }

  override async onAssessmentComplete(reason: AssessmentEndReason): Promise<void> {
    this.events.push(`complete ${reason}`);
  }
}

/** A promise with its resolver, for gating agent work from a test. */
export function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}
