import {
  A2A_PROTOCOL_VERSION,
  A2A_VERSION_HEADER,
  AGENT_CARD_PATH,
  type AgentCard,
  type Message,
  type Part,
  type StreamResponse,
  type Task,
} from '@a2a-js/sdk';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
  type Client,
} from '@a2a-js/sdk/client';
import type { Logger } from 'pino';
import { A2AClientError } from './client-errors.js';
import { classify, describeError, startDeadline, withDeadline, type CallOptions } from './deadline.js';
import { DEFAULT_HTTP_TIMEOUT_MS, createLongFetch, type HttpTimeouts, type LongFetch } from './http.js';
import { buildMessage, isTask, payloadOfResult, payloadParts, type JsonObject } from './parts.js';
import { taskStateName, type TaskStateName } from './task-states.js';

export type { CallOptions } from './deadline.js';

/**
 * A client for one remote A2A agent (v0.3 or v1.0) that keeps one conversation (`contextId`)
 * across calls, enforces a deadline per call and never hits Node's default 300 s fetch timeouts.
 */

export const DEFAULT_CALL_TIMEOUT_MS = 300_000;
export const DEFAULT_CARD_TIMEOUT_MS = 30_000;
/** Headroom between the per-call deadline and the HTTP timeouts, so the deadline fires first. */
const HTTP_TIMEOUT_HEADROOM_MS = 60_000;
const LEGACY = { enabled: true } as const;

export interface A2AClientOptions {
  /** Default deadline for each call; a call's own `timeoutMs` overrides it. */
  callTimeoutMs?: number;
  cardTimeoutMs?: number;
  /** HTTP-level limits; each defaults to max(1 h, callTimeoutMs + 60 s). */
  http?: HttpTimeouts;
  /**
   * Send JSON-RPC to the URL we were given instead of the one in the card, as the AgentBeats
   * gateway does (cards often advertise 0.0.0.0 or an internal host). Default true.
   */
  useBaseUrl?: boolean;
  /** Sent with every request, e.g. `{Authorization: 'Bearer …'}` for an agent that requires a token. */
  headers?: Readonly<Record<string, string>>;
  /** Largest answer accepted (card and replies), in bytes; larger ones fail unread. Default unlimited. */
  maxResponseBytes?: number;
  logger?: Logger;
}

export interface SendOptions extends CallOptions {
  /** Continue this task instead of starting a new one in the conversation. */
  taskId?: string;
  metadata?: JsonObject;
}

/** The outcome of a blocking send. */
export interface A2AReply {
  result: Message | Task;
  /** The reply's JSON object (first DataPart object, or JSON text), if any. */
  payload: JsonObject | undefined;
  /** The task's state; undefined when the agent answered with a bare Message. */
  state: TaskStateName | undefined;
  contextId: string;
  taskId: string | undefined;
}

export class A2AAgentClient {
  readonly baseUrl: string;
  readonly card: AgentCard;
  private readonly client: Client;
  private readonly http: LongFetch;
  private readonly callTimeoutMs: number;
  private readonly logger: Logger | undefined;
  private conversationId: string | undefined;

  private constructor(
    baseUrl: string,
    card: AgentCard,
    client: Client,
    http: LongFetch,
    options: A2AClientOptions,
  ) {
    this.baseUrl = baseUrl;
    this.card = card;
    this.client = client;
    this.http = http;
    this.callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    this.logger = options.logger;
  }

  /** Resolves the agent card at `baseUrl` and picks the matching transport (v0.3 or v1.0). */
  static async connect(baseUrl: string, options: A2AClientOptions = {}): Promise<A2AAgentClient> {
    const url = withTrailingSlash(baseUrl);
    const callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    const httpDefault = Math.max(DEFAULT_HTTP_TIMEOUT_MS, callTimeoutMs + HTTP_TIMEOUT_HEADROOM_MS);
    const http = createLongFetch({
      headersTimeoutMs: httpDefault,
      bodyTimeoutMs: httpDefault,
      ...options.http,
      headers: options.headers,
      maxResponseBytes: options.maxResponseBytes,
    });
    try {
      const cardTimeoutMs = options.cardTimeoutMs ?? DEFAULT_CARD_TIMEOUT_MS;
      const resolver = new DefaultAgentCardResolver({ legacyCompat: LEGACY, fetchImpl: http.fetch });
      const factory = new ClientFactory(
        ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
          cardResolver: resolver,
          // AgentBeats agents answer JSON-RPC at their root; prefer it when a card lists several.
          preferredTransports: ['JSONRPC'],
          transports: [
            new JsonRpcTransportFactory({ legacyCompat: LEGACY, fetchImpl: http.fetch }),
            new RestTransportFactory({ legacyCompat: LEGACY, fetchImpl: http.fetch }),
          ],
        }),
      );
      const resolved = await withDeadline(
        url,
        'resolveCard',
        { timeoutMs: cardTimeoutMs },
        cardTimeoutMs,
        (signal) => resolveCard(resolver, url, http, signal),
      );
      const card = options.useBaseUrl === false ? resolved : pointInterfacesAt(resolved, url);
      const client = await factory.createFromAgentCard(card);
      return new A2AAgentClient(url, card, client, http, options);
    } catch (error) {
      await http.close();
      throw error instanceof A2AClientError
        ? error
        : new A2AClientError(url, 'resolveCard', describeError(error), { cause: error });
    }
  }

  /** The protocol version spoken with this agent: '0.3' or '1.0'. */
  get protocolVersion(): string {
    return this.client.protocolVersion;
  }

  /** The conversation's contextId, known after the first reply. */
  get contextId(): string | undefined {
    return this.conversationId;
  }

  /** Forgets the contextId so the next message starts a new conversation. */
  startNewConversation(): void {
    this.conversationId = undefined;
  }

  /** Sends a JSON object (as a DataPart plus the same JSON as text) and waits for the reply. */
  sendPayload(payload: JsonObject, options: SendOptions = {}): Promise<A2AReply> {
    return this.send(payloadParts(payload), options);
  }

  /** Sends parts in this conversation and waits until the agent's task is terminal or interrupted. */
  async send(parts: Part[], options: SendOptions = {}): Promise<A2AReply> {
    const request = this.buildRequest(parts, options);
    const result = await withDeadline(this.baseUrl, 'sendMessage', options, this.callTimeoutMs, (signal) =>
      this.client.sendMessage(request, { signal }),
    );
    const contextId = result.contextId;
    this.remember(contextId);
    const task = isTask(result) ? result : undefined;
    return {
      result,
      payload: payloadOfResult(result),
      state: task === undefined ? undefined : taskStateName(task.status?.state),
      contextId,
      taskId: task !== undefined ? task.id : (result as Message).taskId || undefined,
    };
  }

  /** Streams the events of one send. The deadline covers the whole stream. */
  async *stream(parts: Part[], options: SendOptions = {}): AsyncGenerator<StreamResponse, void, undefined> {
    const request = this.buildRequest(parts, options);
    const deadline = startDeadline(options, this.callTimeoutMs);
    try {
      for await (const event of this.client.sendMessageStream(request, { signal: deadline.signal })) {
        this.remember(contextIdOf(event));
        yield event;
      }
    } catch (error) {
      throw classify(error, this.baseUrl, 'sendMessageStream', deadline, options.signal);
    } finally {
      deadline.dispose();
    }
  }

  async getTask(taskId: string, options: CallOptions & { historyLength?: number } = {}): Promise<Task> {
    return withDeadline(this.baseUrl, 'getTask', options, this.callTimeoutMs, (signal) =>
      this.client.getTask({ tenant: '', id: taskId, historyLength: options.historyLength }, { signal }),
    );
  }

  async cancelTask(taskId: string, options: CallOptions = {}): Promise<Task> {
    return withDeadline(this.baseUrl, 'cancelTask', options, this.callTimeoutMs, (signal) =>
      this.client.cancelTask({ tenant: '', id: taskId, metadata: undefined }, { signal }),
    );
  }

  /** Releases pooled connections. The client is unusable afterwards. */
  async close(): Promise<void> {
    await this.http.close();
  }

  private buildRequest(parts: Part[], options: SendOptions) {
    const message = buildMessage(parts, {
      role: 'user',
      contextId: this.conversationId,
      taskId: options.taskId,
    });
    return {
      tenant: '',
      message,
      configuration: {
        acceptedOutputModes: [],
        taskPushNotificationConfig: undefined,
        historyLength: undefined,
        returnImmediately: false,
      },
      metadata: options.metadata,
    };
  }

  private remember(contextId: string | undefined): void {
    if (contextId === undefined || contextId === '' || contextId === this.conversationId) return;
    if (this.conversationId !== undefined) {
      this.logger?.warn(
        { previous: this.conversationId, next: contextId },
        'agent replied in a different context',
      );
    }
    this.conversationId = contextId;
  }
}

function contextIdOf(event: StreamResponse): string | undefined {
  const payload = event.payload;
  if (payload === undefined) return undefined;
  return payload.value.contextId;
}

async function resolveCard(
  resolver: DefaultAgentCardResolver,
  baseUrl: string,
  http: LongFetch,
  signal: AbortSignal,
): Promise<AgentCard> {
  // The resolver takes no signal, so fetch the card ourselves and let it normalize (v0.3 → v1).
  const cardUrl = new URL(AGENT_CARD_PATH, baseUrl);
  const response = await http.fetch(cardUrl, {
    headers: { [A2A_VERSION_HEADER]: A2A_PROTOCOL_VERSION },
    signal,
  });
  if (!response.ok) throw new Error(`GET ${cardUrl.href} returned HTTP ${response.status}`);
  return resolver.normalizeAgentCard(await response.json());
}

function pointInterfacesAt(card: AgentCard, url: string): AgentCard {
  return { ...card, supportedInterfaces: card.supportedInterfaces.map((entry) => ({ ...entry, url })) };
}

function withTrailingSlash(url: string): string {
  const parsed = new URL(url);
  if (!parsed.pathname.endsWith('/')) parsed.pathname += '/';
  return parsed.href;
}
