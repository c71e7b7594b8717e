import type { Logger } from 'pino';
import type { WallClock } from '../core/clock.js';
import type { SimulationEngine } from '../core/engine.js';
import { formatTime } from '../core/time.js';
import type { Notification, NotificationSink, SerialisedNotification } from './notification.js';

/**
 * Connects the engine's broadcasts to the sinks (WebSocket hub, webhook dispatcher). It listens to
 * the engine only while some sink is active: with nobody listening, the engine does not even build
 * the notifications, so long advances cost what they did before.
 */
export class NotificationFanout {
  private readonly sinks: NotificationSink[] = [];
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly engine: SimulationEngine,
    private readonly wallClock: WallClock,
    private readonly logger?: Logger,
  ) {}

  add(sink: NotificationSink): void {
    this.sinks.push(sink);
    this.refresh();
  }

  /** Sinks call this when they gain their first or lose their last subscriber. */
  refresh(): void {
    const wanted = this.sinks.some((sink) => sink.active);
    if (wanted && !this.unsubscribe) {
      this.unsubscribe = this.engine.subscribe((type, data) => this.publish(type, data));
    } else if (!wanted && this.unsubscribe) {
      this.unsubscribe();
      this.unsubscribe = undefined;
    }
  }

  private publish(type: string, data: Record<string, unknown>): void {
    const notification: Notification = { type, data, timestamp: formatTime(this.wallClock()) };
    let text: string | undefined;
    let bytes: Buffer | undefined;
    const serialised: SerialisedNotification = {
      text: () => (text ??= JSON.stringify(notification)),
      bytes: () => (bytes ??= Buffer.from(serialised.text())),
    };
    for (const sink of this.sinks) {
      if (!sink.active) continue;
      // A subscriber's trouble must never fail the request or the advance that raised the event.
      try {
        sink.deliver(notification, serialised);
      } catch (error) {
        this.logger?.error({ err: error, type }, 'notification delivery failed');
      }
    }
  }
}
