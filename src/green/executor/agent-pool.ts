import type { Logger } from 'pino';
import type { GreenAgent } from '../agent/green-agent.js';

/**
 * The GreenAgent of each A2A context, created and started on first use. A failed startup is not
 * kept (the next request tries again), an agent whose simulator died is replaced, and an agent
 * left idle for `idleTimeoutMs` is shut down — AgentBeats opens a new context per assessment, so
 * without this a long-running green would keep one simulator per assessment it ever ran.
 * Callers hold the context's lock, so one context never starts two agents.
 */

export const DEFAULT_AGENT_IDLE_TIMEOUT_MS = 10 * 60_000;

export interface AgentPoolOptions {
  create: (contextId: string) => GreenAgent;
  logger: Logger;
  idleTimeoutMs?: number;
  /** Told when an idle agent has been shut down (diagnostics, tests). */
  onEvicted?: (contextId: string) => void;
}

export class AgentPool {
  private readonly agents = new Map<string, GreenAgent>();
  private readonly idleTimers = new Map<string, NodeJS.Timeout>();
  private readonly logger: Logger;
  private closed = false;

  constructor(private readonly options: AgentPoolOptions) {
    this.logger = options.logger;
  }

  /** The context's started agent; it stays checked out (never evicted) until `release`. */
  async get(contextId: string, signal?: AbortSignal): Promise<GreenAgent> {
    if (this.closed) throw new Error('the green agent is shutting down');
    this.cancelIdleTimer(contextId);
    const existing = this.agents.get(contextId);
    if (existing !== undefined && existing.isHealthy) return existing;
    if (existing !== undefined) {
      this.logger.warn({ contextId }, 'replacing the agent of a context whose simulator stopped');
      this.agents.delete(contextId);
      await existing
        .shutdown()
        .catch((error: unknown) => this.logger.warn({ err: error, contextId }, 'shutdown failed'));
    }
    const agent = this.options.create(contextId);
    try {
      await agent.startup(signal ? { signal } : {});
    } catch (error) {
      await agent.shutdown().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await agent.shutdown();
      throw new Error('the green agent is shutting down');
    }
    this.agents.set(contextId, agent);
    return agent;
  }

  /** The context's work is done for now: its agent is shut down unless used again soon. */
  release(contextId: string): void {
    if (this.closed || !this.agents.has(contextId)) return;
    this.cancelIdleTimer(contextId);
    const timer = setTimeout(
      () => void this.evict(contextId),
      this.options.idleTimeoutMs ?? DEFAULT_AGENT_IDLE_TIMEOUT_MS,
    );
    timer.unref();
    this.idleTimers.set(contextId, timer);
  }

  has(contextId: string): boolean {
    return this.agents.has(contextId);
  }

  get size(): number {
    return this.agents.size;
  }

  /** Stops every agent's simulator. */
  async shutdown(): Promise<void> {
    this.closed = true;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    const agents = [...this.agents.entries()];
    this.agents.clear();
    await Promise.all(
      agents.map(([contextId, agent]) =>
        agent
          .shutdown()
          .catch((error: unknown) => this.logger.error({ err: error, contextId }, 'could not stop a UES')),
      ),
    );
  }

  private async evict(contextId: string): Promise<void> {
    this.idleTimers.delete(contextId);
    const agent = this.agents.get(contextId);
    if (agent === undefined || agent.isRunning) return;
    this.agents.delete(contextId);
    this.logger.info({ contextId }, 'stopping the UES of an idle context');
    await agent
      .shutdown()
      .catch((error: unknown) => this.logger.warn({ err: error, contextId }, 'shutdown failed'));
    this.options.onEvicted?.(contextId);
  }

  private cancelIdleTimer(contextId: string): void {
    const timer = this.idleTimers.get(contextId);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.idleTimers.delete(contextId);
  }
}
