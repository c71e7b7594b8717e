import type { Logger } from 'pino';
import type { GreenAgent } from '../agent/green-agent.js';

/**
 * The GreenAgent of each A2A context, created and started on first use. A failed startup is not
 * kept (the next request tries again), an agent whose simulator died is replaced, and an agent
 * left idle for `idleTimeoutMs` is shut down — AgentBeats opens a new context per assessment, so
 * without this a long-running green would keep one simulator per assessment it ever ran.
 *
 * At most `maxAgents` simulators live at once: a new context first takes the place of an idle
 * one (the least recently used), and when every one is busy it waits, in arrival order, until one
 * is released. Callers hold the context's lock, so one context never starts two agents.
 */

export const DEFAULT_AGENT_IDLE_TIMEOUT_MS = 10 * 60_000;
export const DEFAULT_MAX_AGENTS = 8;

export interface AgentPoolOptions {
  create: (contextId: string) => GreenAgent;
  logger: Logger;
  idleTimeoutMs?: number;
  /** Most agents (simulators) alive at once. Default 8. */
  maxAgents?: number;
  /** Told when an idle agent has been shut down (diagnostics, tests). */
  onEvicted?: (contextId: string) => void;
}

export interface PoolWaitInfo {
  /** Agents alive or starting. */
  busy: number;
  maxAgents: number;
  /** Requests waiting ahead of this one. */
  ahead: number;
}

export class AgentPool {
  private readonly agents = new Map<string, GreenAgent>();
  private readonly idleTimers = new Map<string, NodeJS.Timeout>();
  /** Contexts released and not used since, least recently released first. */
  private readonly idle = new Set<string>();
  private readonly waiters: Array<() => void> = [];
  private starting = 0;
  private readonly logger: Logger;
  private readonly maxAgents: number;
  private closed = false;

  constructor(private readonly options: AgentPoolOptions) {
    this.logger = options.logger;
    this.maxAgents = options.maxAgents ?? DEFAULT_MAX_AGENTS;
    if (!Number.isInteger(this.maxAgents) || this.maxAgents < 1) {
      throw new RangeError(`maxAgents must be an integer >= 1, got ${this.maxAgents}`);
    }
  }

  /**
   * The context's started agent; it stays checked out (never evicted) until `release`. Waits for a
   * free place when `maxAgents` are busy (`onWait` is told why); rejects when `signal` aborts.
   */
  async get(
    contextId: string,
    signal?: AbortSignal,
    onWait?: (info: PoolWaitInfo) => void,
  ): Promise<GreenAgent> {
    if (this.closed) throw new Error('the green agent is shutting down');
    this.cancelIdleTimer(contextId);
    this.idle.delete(contextId);
    const existing = this.agents.get(contextId);
    if (existing !== undefined && existing.isHealthy) return existing;
    if (existing !== undefined) {
      this.logger.warn({ contextId }, 'replacing the agent of a context whose simulator stopped');
      this.agents.delete(contextId);
      await existing
        .shutdown()
        .catch((error: unknown) => this.logger.warn({ err: error, contextId }, 'shutdown failed'));
      this.wakeWaiter();
    }
    await this.reservePlace(signal, onWait);
    let agent: GreenAgent | undefined;
    try {
      agent = this.options.create(contextId);
      await agent.startup(signal ? { signal } : {});
    } catch (error) {
      this.starting -= 1;
      await agent?.shutdown().catch(() => undefined);
      this.wakeWaiter();
      throw error;
    }
    this.starting -= 1;
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
    this.idle.add(contextId);
    const timer = setTimeout(
      () => void this.evict(contextId),
      this.options.idleTimeoutMs ?? DEFAULT_AGENT_IDLE_TIMEOUT_MS,
    );
    timer.unref();
    this.idleTimers.set(contextId, timer);
    this.wakeWaiter();
  }

  /**
   * The context's work is over for good: its agent (and simulator) is shut down now, freeing its
   * place at once. A suite gives each trial a context of its own and retires it after the trial,
   * so every trial starts on a fresh simulator and none is kept idle.
   */
  async retire(contextId: string): Promise<void> {
    this.cancelIdleTimer(contextId);
    this.idle.delete(contextId);
    const agent = this.agents.get(contextId);
    if (agent === undefined) return;
    this.agents.delete(contextId);
    await agent
      .shutdown()
      .catch((error: unknown) => this.logger.warn({ err: error, contextId }, 'shutdown failed'));
    this.wakeWaiter();
  }

  has(contextId: string): boolean {
    return this.agents.has(contextId);
  }

  get size(): number {
    return this.agents.size;
  }

  /** Requests waiting for a free place. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** Stops every agent's simulator. */
  async shutdown(): Promise<void> {
    this.closed = true;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    this.idle.clear();
    for (const wake of this.waiters.splice(0)) wake();
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

  /**
   * Waits until an agent may start and counts it as starting. Room is made by stopping the least
   * recently used idle agent; with none idle, requests queue in arrival order.
   */
  private async reservePlace(
    signal: AbortSignal | undefined,
    onWait: ((info: PoolWaitInfo) => void) | undefined,
  ): Promise<void> {
    let woken = false;
    for (;;) {
      if (this.closed) throw new Error('the green agent is shutting down');
      signal?.throwIfAborted();
      // A newcomer never overtakes a queue; a woken waiter is at its head.
      if (woken || this.waiters.length === 0) {
        if (this.agents.size + this.starting < this.maxAgents) {
          this.starting += 1;
          if (woken) this.wakeWaiter();
          return;
        }
        const idle = this.idle.values().next().value;
        if (idle !== undefined) {
          // Claimed before the idle agent is stopped, so no one else takes its place meanwhile.
          this.starting += 1;
          await this.evict(idle);
          if (woken) this.wakeWaiter();
          return;
        }
      }
      onWait?.({
        busy: this.agents.size + this.starting,
        maxAgents: this.maxAgents,
        ahead: this.waiters.length,
      });
      await this.waitForTurn(signal);
      woken = true;
    }
  }

  /** Resolves when this waiter is at the head of the queue and something changed. */
  private waitForTurn(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const wake = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        const index = this.waiters.indexOf(wake);
        if (index >= 0) this.waiters.splice(index, 1);
        // Whoever was behind us may now go.
        this.wakeWaiter();
        reject(signal?.reason);
      };
      this.waiters.push(wake);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Lets the first waiter re-check when a place may have become free. */
  private wakeWaiter(): void {
    if (this.agents.size + this.starting >= this.maxAgents && this.idle.size === 0) return;
    this.waiters.shift()?.();
  }

  private async evict(contextId: string): Promise<void> {
    this.idleTimers.delete(contextId);
    const agent = this.agents.get(contextId);
    if (agent === undefined || agent.isRunning || !this.idle.has(contextId)) return;
    this.cancelIdleTimer(contextId);
    this.idle.delete(contextId);
    this.agents.delete(contextId);
    this.logger.info({ contextId }, 'stopping the UES of an idle context');
    await agent
      .shutdown()
      .catch((error: unknown) => this.logger.warn({ err: error, contextId }, 'shutdown failed'));
    this.options.onEvicted?.(contextId);
    this.wakeWaiter();
  }

  private cancelIdleTimer(contextId: string): void {
    const timer = this.idleTimers.get(contextId);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.idleTimers.delete(contextId);
  }
}
