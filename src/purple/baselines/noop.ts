import { BasePurpleAgent, completeTurn, type TurnContext, type TurnOutcome } from '../base-agent.js';

/**
 * A validity control: answers every turn with `turn_complete` (PT1H) and touches nothing. Any
 * scoring that gives it more than the inaction floor is measuring something other than the agent.
 */
export class NoopAgent extends BasePurpleAgent {
  override get agentName(): string {
    return 'noop';
  }

  async executeTurn(turn: TurnContext): Promise<TurnOutcome> {
    return completeTurn({ timeStep: 'PT1H', notes: `noop: turn ${turn.turnNumber}, no action taken` });
  }
}
