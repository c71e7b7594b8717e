import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { JsonHttpServerTransport } from './json-transport.js';
import type { Logger } from 'pino';

/**
 * The open MCP sessions, per context. A context keeps at most `maxPerContext` (a client that
 * opens a session per turn must not grow the green without bound): beyond it the least recently
 * used one is closed, and its client, told the session is gone, starts a new one. All of a
 * context's sessions close when its assessment's access ends.
 */

export interface McpSession {
  id: string;
  contextId: string;
  server: McpServer;
  transport: JsonHttpServerTransport;
}

export class McpSessions {
  /** contextId → sessionId → session, in order of last use (a Map keeps insertion order). */
  private readonly byContext = new Map<string, Map<string, McpSession>>();

  constructor(
    private readonly maxPerContext: number,
    private readonly logger: Logger | undefined,
  ) {}

  add(session: McpSession): void {
    let sessions = this.byContext.get(session.contextId);
    if (sessions === undefined) {
      sessions = new Map();
      this.byContext.set(session.contextId, sessions);
    }
    sessions.set(session.id, session);
    while (sessions.size > this.maxPerContext) {
      const [oldest] = sessions.values();
      if (oldest === undefined) break;
      this.logger?.info(
        { contextId: session.contextId, sessionId: oldest.id },
        'closing the least recently used MCP session',
      );
      void this.close(oldest);
    }
  }

  /** The session, marked as the most recently used. */
  get(contextId: string, sessionId: string): McpSession | undefined {
    const sessions = this.byContext.get(contextId);
    const session = sessions?.get(sessionId);
    if (sessions === undefined || session === undefined) return undefined;
    sessions.delete(sessionId);
    sessions.set(sessionId, session);
    return session;
  }

  /** Drops a session the client ended (DELETE); its transport is already closing. */
  forget(contextId: string, sessionId: string): void {
    const sessions = this.byContext.get(contextId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.byContext.delete(contextId);
  }

  count(contextId?: string): number {
    if (contextId !== undefined) return this.byContext.get(contextId)?.size ?? 0;
    let total = 0;
    for (const sessions of this.byContext.values()) total += sessions.size;
    return total;
  }

  async closeContext(contextId: string): Promise<void> {
    const sessions = [...(this.byContext.get(contextId)?.values() ?? [])];
    await Promise.all(sessions.map((session) => this.close(session)));
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.byContext.keys()].map((contextId) => this.closeContext(contextId)));
  }

  private async close(session: McpSession): Promise<void> {
    this.forget(session.contextId, session.id);
    await session.server
      .close()
      .catch((error: unknown) =>
        this.logger?.warn({ err: error, sessionId: session.id }, 'closing an MCP session failed'),
      );
  }
}
