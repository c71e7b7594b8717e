import type { Logger } from 'pino';
import type { GreenAgent } from '../agent/green-agent.js';

/**
 * The GreenAgent of each A2A context, created and started on first use. A failed startup is not
 * kept (the next request tries again), and an agent whose simulator died is replaced. Callers
 * hold the context's lock, so one context never starts two agents.
 */
export class AgentPool {
  private readonly agents = new Map<string, GreenAgent>();
  private closed = false;

  constructor(
    private readonly create: (contextId: string) => GreenAgent,
    private readonly logger: Logger,
  ) {}

  async get(contextId: string, signal?: AbortSignal): Promise<GreenAgent> {
    if (this.closed) throw new Error('the green agent is shutting down');
    const existing = this.agents.get(contextId);
    if (existing !== undefined && existing.isHealthy) return existing;
    if (existing !== undefined) {
      this.logger.warn({ contextId }, 'replacing the agent of a context whose simulator stopped');
      this.agents.delete(contextId);
      await existing
        .shutdown()
        .catch((error: unknown) => this.logger.warn({ err: error, contextId }, 'shutdown failed'));
    }
    const agent = this.create(contextId);
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

  has(contextId: string): boolean {
    return this.agents.has(contextId);
  }

  get size(): number {
    return this.agents.size;
  }

  /** Stops every agent's simulator. */
  async shutdown(): Promise<void> {
    this.closed = true;
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
}
