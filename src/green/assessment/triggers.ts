import { parseDuration, type ActionLogEntryWithTurn } from '../../protocol/index.js';
import type { UesClient } from '../../ues/client/index.js';
import { actionMatches } from '../checks/action-match.js';
import { actionViews } from '../checks/run-view.js';
import type { World } from '../checks/world.js';
import type { EvalContext, StateSnapshot } from '../judge/types.js';
import type { Trigger } from '../scenarios/dynamics.js';
import type { ScenarioConfig } from '../scenarios/schema.js';

/**
 * Conditional events: a scenario's triggers watch the assistant's actions and, the first time one
 * matches (books, sends, confirms…), schedule their arrivals — a reply, a cancellation, the user
 * changing their mind — `after` its delay, through the simulator's own queue like the characters'
 * replies. Deterministic: the same actions set off the same events at the same simulated times.
 * Every trigger fires at most once; what fired is recorded in the results.
 */

export interface FiredTrigger {
  trigger_id: string;
  description: string;
  turn: number;
  /** The action that set it off (action-log name) and when. */
  action: string;
  action_at: string;
  /** The simulator events it scheduled, and when they arrive. */
  events: Array<{ event_id: string; modality: string; scheduled_time: string }>;
}

export class TriggerEngine {
  private readonly pending: Trigger[];
  private readonly fired: FiredTrigger[] = [];
  private readonly seen: ActionLogEntryWithTurn[] = [];

  constructor(
    private readonly scenario: ScenarioConfig,
    private readonly world: World,
    private readonly initialState: StateSnapshot,
  ) {
    this.pending = [...(scenario.triggers ?? [])];
  }

  get hasTriggers(): boolean {
    return (this.scenario.triggers?.length ?? 0) > 0;
  }

  /**
   * The arrivals `fired` scheduled, with their data as the scenario gives it (a scripted email's
   * `from_address`, a text's `from_number`): who has already answered, in the scenario's words.
   */
  scheduledBy(fired: readonly FiredTrigger[]): Array<{ modality: string; data: Record<string, unknown> }> {
    return fired.flatMap((entry) => {
      const trigger = this.scenario.triggers?.find((candidate) => candidate.id === entry.trigger_id);
      return (trigger?.events ?? []).map((event) => ({ modality: event.modality, data: event.data }));
    });
  }

  /** What fired so far, in order. */
  get history(): readonly FiredTrigger[] {
    return this.fired;
  }

  /**
   * Matches this turn's actions (against the state read after them, rendered only when needed) and schedules the arrivals of
   * every trigger they set off; `now` is the simulated time (arrivals are never in the past).
   */
  async fire(
    client: UesClient,
    actions: readonly ActionLogEntryWithTurn[],
    readState: () => Promise<StateSnapshot>,
    now: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<FiredTrigger[]> {
    const offset = this.seen.length;
    this.seen.push(...actions);
    if (!actions.some((action) => this.pending.some((trigger) => mayMatchName(trigger.when, action.action))))
      return [];
    // Rendered only for a turn that may set something off: most turns cost nothing here.
    const state = await readState();
    const views = actionViews(this.seen, { initial: this.initialState, final: state }, (address) =>
      this.world.isUserAddress(address),
    ).slice(offset);
    const context = this.matchContext(state);
    const newlyFired: FiredTrigger[] = [];
    for (const view of views) {
      for (const trigger of [...this.pending]) {
        if (!actionMatches(context, view, trigger.when)) continue;
        this.pending.splice(this.pending.indexOf(trigger), 1);
        newlyFired.push(await this.schedule(client, trigger, view.entry, now, options));
      }
    }
    this.fired.push(...newlyFired);
    return newlyFired;
  }

  private async schedule(
    client: UesClient,
    trigger: Trigger,
    action: ActionLogEntryWithTurn,
    now: string,
    options: { signal?: AbortSignal },
  ): Promise<FiredTrigger> {
    const base = Math.max(Date.parse(action.timestamp), Date.parse(now)) + parseDuration(trigger.after);
    const events: FiredTrigger['events'] = [];
    for (const event of trigger.events) {
      // At least a second ahead, so the arrival is in the queue before the clock reaches it.
      const at = new Date(
        Math.max(base + (event.after ? parseDuration(event.after) : 0), Date.parse(now) + 1_000),
      ).toISOString();
      const created = await client.events.create(
        {
          scheduled_time: at,
          modality: event.modality,
          data: { ...event.data, modality_type: event.modality, timestamp: at },
          agent_id: `scenario:trigger:${trigger.id}`,
          metadata: { trigger_id: trigger.id, event: event.id },
        },
        options,
      );
      events.push({ event_id: created.event_id, modality: event.modality, scheduled_time: at });
    }
    return {
      trigger_id: trigger.id,
      description: trigger.description,
      turn: action.turn,
      action: action.action,
      action_at: action.timestamp,
      events,
    };
  }

  /** What action matching reads: the world, the zone, the scenario (for focused questions). */
  private matchContext(state: StateSnapshot): EvalContext {
    return {
      scenario: this.scenario,
      world: this.world,
      timeZone: this.scenario.timezone,
      initialState: this.initialState,
      finalState: state,
    } as EvalContext;
  }
}

/**
 * Which triggers a finished run's actions set off, in order, read from its saved log and final
 * state — what a rescore of the same run would have made happen. Where it differs from what did
 * happen, the reading of the assistant's words has changed and the run's world with it.
 */
export function triggersSetOffBy(
  scenario: ScenarioConfig,
  world: World,
  initialState: StateSnapshot,
  finalState: StateSnapshot,
  actionLog: readonly ActionLogEntryWithTurn[],
): string[] {
  const pending = [...(scenario.triggers ?? [])];
  const context = {
    scenario,
    world,
    timeZone: scenario.timezone,
    initialState,
    finalState,
  } as EvalContext;
  const fired: string[] = [];
  for (const view of actionViews(actionLog, { initial: initialState, final: finalState }, (address) =>
    world.isUserAddress(address),
  )) {
    for (const trigger of [...pending]) {
      if (!actionMatches(context, view, trigger.when)) continue;
      pending.splice(pending.indexOf(trigger), 1);
      fired.push(trigger.id);
    }
  }
  return fired;
}

/**
 * Whether an action of this name could match the trigger's matcher (the names alone, as
 * action-match reads them): marking mail read, a chat post and the like never render the state.
 */
function mayMatchName(when: Trigger['when'], action: string): boolean {
  const patterns = Array.isArray(when.action) ? when.action : [when.action];
  return patterns.some((pattern) => {
    if (pattern === 'message.out')
      return /^(?:email\.(?:send|reply|reply_all|forward|send_draft)|sms\.send_message)$/.test(action);
    if (pattern === 'invite.out') return action === 'calendar.create' || action === 'calendar.update';
    if (pattern.endsWith('.*')) return action.startsWith(pattern.slice(0, -1));
    return action === pattern;
  });
}
