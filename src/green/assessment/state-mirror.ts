import { randomBytes } from 'node:crypto';
import type { CalendarEvent, Email, EventResponse, SmsMessage } from '../../ues/client/index.js';
import { createUesApp } from '../../ues/server/app.js';
import { SimulationEngine } from '../../ues/server/core/engine.js';
import { ModalityRegistry } from '../../ues/server/core/environment.js';
import type { ModalityInput } from '../../ues/server/core/event.js';
import type { Journal } from '../../ues/server/core/journal.js';
import { importScenario, scenarioSchema } from '../../ues/server/core/scenario-io.js';
import type { CalendarState } from '../../ues/server/modalities/calendar/state.js';
import type { EmailState } from '../../ues/server/modalities/email/state.js';
import { DEFAULT_MODALITY_PLUGINS } from '../../ues/server/modalities/index.js';
import type { SmsState } from '../../ues/server/modalities/sms/state.js';
import type { StateSnapshot } from '../judge/types.js';
import type { CollectedStates } from './new-message-collector.js';

/**
 * A copy of the assessment's simulator kept in the green, in step with it at the cost of what
 * happened rather than of the whole world: it loads the scenario the simulator loaded and replays
 * every event the simulator ran (their ids are pinned on the inputs, which is what makes undo/redo
 * and scenario export exact), at the simulated time it ran. From it the green learns which
 * messages are new without re-reading the world each turn, and it keeps the state a run that
 * loses its simulator is scored on; that state is rendered only when asked for, by the
 * simulator's own routes, so it is what `GET /<modality>/state` would have answered.
 */

/** The entities the replayed events added or changed, for the new-message collector. */
export type MirrorChanges = CollectedStates;

/** An event the mirror could not replay as the simulator ran it: the copy is no longer exact. */
export class MirrorDivergedError extends Error {
  override readonly name = 'MirrorDivergedError';
}

const STATE_ROUTES = {
  email: '/email/state',
  sms: '/sms/state',
  calendar: '/calendar/state',
  chat: '/chat/state',
  time: '/simulator/time',
  contacts: '/contacts/state',
} as const satisfies Record<keyof StateSnapshot, string>;

export class StateMirror {
  private view: { ues: ReturnType<typeof createUesApp>; adminKey: string } | undefined;

  private constructor(private readonly engine: SimulationEngine) {}

  /** A mirror of a simulator that has just imported `scenario` (the body of `/scenario/import/full`) and started. */
  static ofScenario(scenario: unknown, strictModalities: boolean): StateMirror {
    const engine = new SimulationEngine({
      registry: new ModalityRegistry(DEFAULT_MODALITY_PLUGINS.map((plugin) => plugin.definition)),
    });
    importScenario(engine, scenarioSchema.parse(scenario), strictModalities);
    engine.start({ autoAdvance: false, timeScale: 1 });
    return new StateMirror(engine);
  }

  /**
   * Replays `events` (as `GET /events/executed` lists them, in the order they ran; failed ones
   * changed nothing and are passed over), then sets the clock to `now`. Returns the emails and
   * SMS they added and, when any calendar event ran, every calendar event (the collector keeps
   * those whose version changed). Throws MirrorDivergedError when an event fails here.
   */
  replay(events: readonly EventResponse[], now: string): MirrorChanges {
    const journals: Journal[] = [];
    let calendarChanged = false;
    for (const event of events) {
      if (event.status !== 'executed' || event.data == null) continue;
      // A copy: the simulator's states keep parts of their inputs, and the caller keeps the event.
      const input = structuredClone(event.data) as ModalityInput;
      try {
        journals.push(this.engine.replay(event.modality, input, Date.parse(event.executed_at!)));
      } catch (error) {
        throw new MirrorDivergedError(
          `event ${event.event_id} (${event.modality}) ran in the simulator but fails in its copy: ` +
            (error instanceof Error ? error.message : String(error)),
          { cause: error },
        );
      }
      if (event.modality === 'calendar') calendarChanged = true;
    }
    this.engine.clock.currentTime = Date.parse(now);
    const email = this.state<EmailState>('email');
    const sms = this.state<SmsState>('sms');
    // The states hold their entities in the wire shape the client types describe.
    return {
      email: { emails: added(journals, email.emails) as unknown as Record<string, Email> },
      sms: { messages: added(journals, sms.messages) as unknown as Record<string, SmsMessage> },
      calendar: {
        events: (calendarChanged
          ? this.state<CalendarState>('calendar').snapshot().events
          : {}) as unknown as Record<string, CalendarEvent>,
      },
    };
  }

  /** The state now, as the simulator's state routes show it. */
  async snapshot(): Promise<StateSnapshot> {
    const { ues, adminKey } = this.stateView();
    // The routes show whatever states and clock their engine holds: lend them the mirror's.
    ues.engine.states = this.engine.states;
    const { clock } = this.engine;
    Object.assign(ues.engine.clock, {
      currentTime: clock.currentTime,
      timeScale: clock.timeScale,
      isPaused: clock.isPaused,
      autoAdvance: clock.autoAdvance,
    });
    const entries = await Promise.all(
      Object.entries(STATE_ROUTES).map(async ([name, url]) => {
        const response = await ues.app.inject({ method: 'GET', url, headers: { 'x-api-key': adminKey } });
        if (response.statusCode !== 200) {
          throw new Error(`GET ${url} on the state mirror answered ${response.statusCode}: ${response.body}`);
        }
        return [name, JSON.parse(response.body) as unknown] as const;
      }),
    );
    return Object.fromEntries(entries) as unknown as StateSnapshot;
  }

  /**
   * The simulator's routes over the mirror, built once: building them per snapshot (a few hundred
   * routes) was most of a trigger-heavy run's cost. Never started or listening, so it holds no
   * timer or socket and goes with the mirror.
   */
  private stateView(): { ues: ReturnType<typeof createUesApp>; adminKey: string } {
    if (this.view === undefined) {
      const adminKey = randomBytes(24).toString('hex');
      this.view = { ues: createUesApp({ adminKey }), adminKey };
    }
    return this.view;
  }

  private state<T>(modality: string): T {
    return this.engine.states.get(modality) as T;
  }
}

/** The entities the journals added or replaced in `map` (still there), in the map's order. */
function added<V>(journals: readonly Journal[], map: ReadonlyMap<string, V>): Record<string, V> {
  const found: Record<string, V> = {};
  for (const journal of journals) {
    for (const key of journal.keysSetIn(map) as string[]) {
      const value = map.get(key);
      if (value !== undefined) found[key] = value;
    }
  }
  return found;
}
