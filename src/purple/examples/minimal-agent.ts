/**
 * The smallest useful purple agent: one class. Each turn it reads the user's task from chat, lists
 * the unread inbox email in a chat message, marks it read and asks for the next turn in an hour.
 *
 * Run it:  npx tsx src/purple/examples/minimal-agent.ts --port 9019
 * (then point a green at http://127.0.0.1:9019/; see docs/PURPLE_AGENT_GUIDE.md).
 */
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { loadPurpleConfig, type ConfigEnv, type ConfigFlags } from '../../protocol/index.js';
import {
  BasePurpleAgent,
  completeTurn,
  startPurpleServer,
  type PurpleServerHandle,
  type TurnContext,
  type TurnOutcome,
} from '../index.js';

export class MinimalAgent extends BasePurpleAgent {
  async executeTurn(turn: TurnContext): Promise<TurnOutcome> {
    const task = await this.getUserInstructions();
    if (task === '') return completeTurn({ notes: 'No instructions in chat yet.' });

    const unread = await this.ues.getUnreadEmails();
    const lines = unread.map((email) => `• ${email.from_address}: ${email.subject}`);
    await this.ues.sendChatMessage(
      lines.length === 0
        ? 'No new email this hour.'
        : `New email (${turn.currentTime.toISOString()}):\n${lines.join('\n')}`,
    );
    if (unread.length > 0) await this.ues.markEmailsRead(unread.map((email) => email.message_id));
    return completeTurn({ timeStep: 'PT1H', notes: `Reported ${unread.length} email(s).` });
  }
}

/** Serves MinimalAgent with the usual purple flags/env (`--host`, `--port`, `--card-url`). */
export function serveMinimalAgent(flags: ConfigFlags = {}, env: ConfigEnv = {}): Promise<PurpleServerHandle> {
  const config = loadPurpleConfig({ agent: 'minimal', ...flags }, env);
  const logger = pino({ level: config.log_level }, pino.destination(2));
  return startPurpleServer(config, { createAgent: () => new MinimalAgent({ logger }), logger, env });
}

// Started as a script: `--port <n>` and `--host <h>` from the command line.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const server = await serveMinimalAgent(
    { port: flag('port'), host: flag('host'), cardUrl: flag('card-url') },
    process.env,
  );
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
