import type { Logger } from 'pino';
import type { EventResponse, UesClient } from '../../ues/client/index.js';
import type { NewMessages } from '../characters/types.js';
import type { StateSnapshot } from '../judge/types.js';
import type { NewMessageCollector } from './new-message-collector.js';
import { captureStateSnapshot } from './state-snapshot.js';
import { MirrorDivergedError, StateMirror } from './state-mirror.js';

/**
 * What the green learns from the simulator after each turn, at the cost of what the turn did
 * rather than of everything before it: the events that ran since the last look (one cursor read
 * of `GET /events/executed`; the action log takes the purple's), and the state after the turn's
 * actions — kept in a StateMirror that replays those events, so the new messages the characters
 * answer come from the events' own changes, and the state a broken run is scored on is rendered
 * only if it is ever needed. Should the mirror ever fail to replay what the simulator ran, the
 * reader says so in the log and reads the whole state from the simulator from then on (the
 * results are the same, only slower).
 */

const PAGE_SIZE = 1_000;

export interface StateRead {
  newMessages: NewMessages;
  /** The state that was read; rendered on demand (only a run that breaks needs it). */
  snapshot(): Promise<StateSnapshot>;
}

export class TurnStateReader {
  private cursor: string | undefined;
  /** Events read but not yet applied to the mirror (they are at the next `readState`). */
  private unapplied: EventResponse[] = [];

  /**
   * A reader for a simulator that has just imported `initialState` (the body of
   * `/scenario/import/full`), with a mirror of it; without one (the scenario did not load into
   * it) the reader reads whole states, as slowly as that is.
   */
  static forScenario(
    client: UesClient,
    collector: NewMessageCollector,
    initialState: { scenario: unknown; strict_modalities: boolean },
    logger?: Logger,
  ): TurnStateReader {
    let mirror: StateMirror | undefined;
    try {
      mirror = StateMirror.ofScenario(initialState.scenario, initialState.strict_modalities);
    } catch (error) {
      logger?.warn({ err: error }, 'no state mirror: the scenario did not load into it');
    }
    return new TurnStateReader(client, collector, mirror, logger);
  }

  constructor(
    private readonly client: UesClient,
    private readonly collector: NewMessageCollector,
    private mirror: StateMirror | undefined,
    private readonly logger?: Logger,
  ) {}

  /** Every event that ran since the last call (the first time: since the scenario was loaded), in the order it ran. */
  async newEvents(options: { signal?: AbortSignal } = {}): Promise<EventResponse[]> {
    const events: EventResponse[] = [];
    let cursor = this.cursor;
    for (;;) {
      const page = await this.client.events.executed(
        { limit: PAGE_SIZE, ...(cursor === undefined ? {} : { after: cursor }) },
        options,
      );
      events.push(...page.events);
      cursor = page.cursor;
      if (!page.has_more) break;
    }
    // Only once every page is in: a failed read leaves the cursor where it was, losing nothing.
    this.cursor = cursor;
    if (this.mirror !== undefined) this.unapplied.push(...events);
    return events;
  }

  /**
   * The state after the events read so far, whose new emails, SMS and changed calendar events
   * (since the previous read) are collected for the characters. `now` is the simulated time.
   */
  async readState(now: string, options: { signal?: AbortSignal } = {}): Promise<StateRead> {
    const mirror = this.mirror;
    if (mirror !== undefined) {
      const events = this.unapplied;
      this.unapplied = [];
      try {
        const changes = mirror.replay(events, now);
        return {
          newMessages: detached(this.collector.collectFrom(changes)),
          snapshot: () => mirror.snapshot(),
        };
      } catch (error) {
        if (!(error instanceof MirrorDivergedError)) throw error;
        this.logger?.warn(
          { err: error },
          'the state mirror diverged from the simulator; reading whole states',
        );
        this.mirror = undefined;
      }
    }
    const snapshot = await captureStateSnapshot(this.client, options);
    return { newMessages: this.collector.collectFrom(snapshot), snapshot: () => Promise.resolve(snapshot) };
  }
}

/**
 * Copies of the mirror's entities as the wire carries them (no `undefined` fields), which the
 * mirror's later changes cannot reach.
 */
function detached(messages: NewMessages): NewMessages {
  const copy = <T>(item: T): T => JSON.parse(JSON.stringify(item)) as T;
  return {
    emails: messages.emails.map(copy),
    sms: messages.sms.map(copy),
    calendarEvents: messages.calendarEvents.map(copy),
  };
}
