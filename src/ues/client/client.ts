import type { Dispatcher } from 'undici';
import { AccessLogsClient } from './resources/access-logs.js';
import { CalendarClient } from './resources/calendar.js';
import { ChatClient } from './resources/chat.js';
import { ContactsClient } from './resources/contacts.js';
import { EmailClient } from './resources/email.js';
import { EnvironmentClient } from './resources/environment.js';
import { EventsClient } from './resources/events.js';
import { KeysClient } from './resources/keys.js';
import { LocationClient } from './resources/location.js';
import { NotificationsClient } from './resources/notifications.js';
import { ScenarioClient } from './resources/scenario.js';
import { SimulationClient } from './resources/simulation.js';
import { SmsClient } from './resources/sms.js';
import { TimeClient } from './resources/time.js';
import { WeatherClient } from './resources/weather.js';
import { WebhooksClient } from './resources/webhooks.js';
import { resolveRetryPolicy, type RetryOptions } from './retry.js';
import {
  healthResponseSchema,
  rootResponseSchema,
  type HealthResponse,
  type RootResponse,
} from './schemas/common.js';
import { UesTransport, type CallOptions } from './transport.js';

export interface UesClientOptions {
  /** Where the simulator listens, e.g. `http://127.0.0.1:8100`. */
  baseUrl: string;
  /** Secret sent as `X-API-Key` on every request (needed by every route but `/` and `/health`). */
  apiKey?: string;
  /** Per-attempt limit for a complete answer. Default 30 000 ms. */
  timeoutMs?: number;
  /**
   * Retries of connection errors, timeouts and 502/503/504 with exponential back-off. Default
   * `{maxRetries: 3}`; `false` for a single attempt.
   */
  retry?: RetryOptions | false;
  /** undici dispatcher (an Agent, a Pool, a MockAgent); default the global one. */
  dispatcher?: Dispatcher;
  /** Parse every response body with its zod schema and throw `UesResponseShapeError` on a mismatch. */
  validateResponses?: boolean;
}

/**
 * Typed async client of the UES REST API, the counterpart of the Python `AsyncUESClient`. Field
 * names are snake_case, as on the wire; datetime parameters take a `Date` or an ISO string. Every
 * method takes `{signal, timeoutMs}` as its last argument. Errors are `UesClientError` subclasses.
 */
export class UesClient {
  readonly time: TimeClient;
  readonly simulation: SimulationClient;
  readonly events: EventsClient;
  readonly environment: EnvironmentClient;
  readonly scenario: ScenarioClient;
  readonly keys: KeysClient;
  readonly email: EmailClient;
  readonly sms: SmsClient;
  readonly chat: ChatClient;
  readonly calendar: CalendarClient;
  readonly contacts: ContactsClient;
  readonly location: LocationClient;
  readonly weather: WeatherClient;
  readonly accessLogs: AccessLogsClient;
  readonly webhooks: WebhooksClient;
  /** `/ws` push notifications: `await client.notifications.connect({events: ['email.']})`. */
  readonly notifications: NotificationsClient;

  private readonly transport: UesTransport;

  // Private: it holds the API key secret, which should not surface when a client is logged.
  constructor(private readonly options: UesClientOptions) {
    let parsed: URL;
    try {
      parsed = new URL(options.baseUrl);
    } catch {
      throw new TypeError(
        `UesClient: baseUrl must be an absolute http(s) URL, got ${JSON.stringify(options.baseUrl)}`,
      );
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new TypeError(
        `UesClient: baseUrl must use http or https, got ${JSON.stringify(options.baseUrl)}`,
      );
    }
    const timeoutMs = options.timeoutMs ?? 30_000;
    if (!(timeoutMs > 0)) throw new RangeError(`UesClient: timeoutMs must be positive, got ${timeoutMs}`);
    this.transport = new UesTransport({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      apiKey: options.apiKey,
      timeoutMs,
      retry: resolveRetryPolicy(options.retry),
      dispatcher: options.dispatcher,
      validateResponses: options.validateResponses ?? false,
    });
    this.time = new TimeClient(this.transport);
    this.simulation = new SimulationClient(this.transport);
    this.events = new EventsClient(this.transport);
    this.environment = new EnvironmentClient(this.transport);
    this.scenario = new ScenarioClient(this.transport);
    this.keys = new KeysClient(this.transport);
    this.email = new EmailClient(this.transport);
    this.sms = new SmsClient(this.transport);
    this.chat = new ChatClient(this.transport);
    this.calendar = new CalendarClient(this.transport);
    this.contacts = new ContactsClient(this.transport);
    this.location = new LocationClient(this.transport);
    this.weather = new WeatherClient(this.transport);
    this.accessLogs = new AccessLogsClient(this.transport);
    this.webhooks = new WebhooksClient(this.transport);
    this.notifications = new NotificationsClient(this.transport);
  }

  get baseUrl(): string {
    return this.transport.config.baseUrl;
  }

  /** The same client acting as another key (e.g. the admin client handing a user key to an agent). */
  withApiKey(apiKey: string): UesClient {
    return new UesClient({ ...this.options, apiKey });
  }

  /** `GET /health` (no key needed): `{status: 'healthy'}`. */
  health(options?: CallOptions): Promise<HealthResponse> {
    return this.transport.call({ method: 'GET', path: '/health', schema: healthResponseSchema }, options);
  }

  /** `GET /` (no key needed): the API's name and version. */
  serverInfo(options?: CallOptions): Promise<RootResponse> {
    return this.transport.call({ method: 'GET', path: '/', schema: rootResponseSchema }, options);
  }
}
