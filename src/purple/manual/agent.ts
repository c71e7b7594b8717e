import { appendFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  PURPLE_REPLY_MESSAGE_TYPES,
  ProtocolError,
  parseMessage,
  type AssessmentEndReason,
  type PurpleReply,
} from '../../protocol/index.js';
import {
  BasePurpleAgent,
  type AssessmentContext,
  type BasePurpleAgentOptions,
  type TurnContext,
  type TurnOutcome,
} from '../base-agent.js';
import { PurpleKitError } from '../errors.js';
import {
  MANUAL_FILES,
  archivePrevious,
  pause,
  readIfExists,
  removeIfExists,
  writeJsonAtomic,
  writeTextAtomic,
  type ManualComplete,
  type ManualSession,
  type ManualTurn,
} from './turn-files.js';

/**
 * The `manual` purple: each turn is handed to a person or a script through files in a folder (see
 * turn-files.ts; `ues-agentbeats manual wait|reply|call|mcp` are the player's side), who acts on the
 * simulator with the turn's key over REST or MCP like any outside assistant and answers the turn.
 * It is how blind plays and a human baseline are recorded: the assistant is whoever answers.
 */

export interface ManualAgentOptions extends BasePurpleAgentOptions {
  /** The folder the turns are handed through. */
  dir: string;
  /** How often the folder is checked for a reply (ms). */
  pollMs?: number;
}

/** Another assessment is using the folder: two players' turns must never mix. */
export class ManualDirInUseError extends PurpleKitError {
  constructor(dir: string) {
    super(
      `the manual folder ${dir} is in use by another running assessment; give each concurrent assessment its own --manual-dir`,
    );
  }
}

const dirsInUse = new Set<string>();

/** The context id a green puts at the end of the UES URL (`…/ues/<context>`), for the session file. */
function contextOf(uesUrl: string): string {
  const path = new URL(uesUrl).pathname.replace(/\/+$/, '');
  return path.slice(path.lastIndexOf('/') + 1) || uesUrl;
}

export class ManualAgent extends BasePurpleAgent {
  private readonly dir: string;
  private readonly pollMs: number;
  private session: ManualSession | undefined;
  private turnsDone = 0;
  private holdsDir = false;

  constructor(options: ManualAgentOptions) {
    super(options);
    this.dir = resolve(options.dir);
    this.pollMs = options.pollMs ?? 200;
  }

  override get agentName(): string {
    return 'manual';
  }

  protected override async onAssessmentStart(context: AssessmentContext): Promise<void> {
    if (dirsInUse.has(this.dir)) throw new ManualDirInUseError(this.dir);
    dirsInUse.add(this.dir);
    this.holdsDir = true;
    await mkdir(this.dir, { recursive: true });
    const startedAt = new Date().toISOString();
    await archivePrevious(this.dir, startedAt);
    this.session = {
      message_type: 'manual_session',
      context_id: contextOf(context.uesUrl),
      ues_url: context.uesUrl,
      api_key: context.apiKey,
      mcp_url: context.mcpUrl ?? null,
      user_timezone: context.userTimezone ?? null,
      suggested_time_step: context.suggestedTimeStep ?? null,
      current_time: context.currentTime.toISOString(),
      assessment_instructions: context.instructions,
      initial_state_summary: context.summary as unknown as Record<string, unknown>,
      started_at: startedAt,
    };
    await writeJsonAtomic(join(this.dir, MANUAL_FILES.session), this.session);
    this.logger.info({ dir: this.dir }, 'manual session started: turns are handed through files');
  }

  async executeTurn(turn: TurnContext): Promise<TurnOutcome> {
    const replyFile = join(this.dir, MANUAL_FILES.reply);
    await removeIfExists(replyFile);
    await removeIfExists(join(this.dir, MANUAL_FILES.replyError));
    const handed: ManualTurn = {
      message_type: 'turn_start',
      turn_number: turn.turnNumber,
      current_time: turn.currentTime.toISOString(),
      events_processed: turn.eventsProcessed,
      user_timezone: turn.userTimezone ?? null,
      end_time: turn.endTime?.toISOString() ?? null,
      is_final_turn: turn.isFinalTurn ?? null,
      suggested_time_step: turn.suggestedTimeStep ?? null,
      reply_file: replyFile,
      waiting_since: new Date().toISOString(),
    };
    await writeJsonAtomic(join(this.dir, MANUAL_FILES.turn), handed);
    try {
      const reply = await this.awaitReply(replyFile, turn.signal);
      this.turnsDone += 1;
      await appendFile(
        join(this.dir, MANUAL_FILES.turns),
        `${JSON.stringify({ turn: handed, reply, answered_at: new Date().toISOString() })}\n`,
        'utf8',
      );
      return reply;
    } finally {
      await removeIfExists(join(this.dir, MANUAL_FILES.turn));
      await removeIfExists(replyFile);
    }
  }

  /** Polls for the reply; an invalid one is explained in reply-error.txt and the turn keeps waiting. */
  private async awaitReply(replyFile: string, signal: AbortSignal): Promise<TurnOutcome> {
    for (;;) {
      const text = await readIfExists(replyFile);
      if (text !== undefined) {
        const problem = replyProblem(text);
        if (typeof problem !== 'string') return problem.reply;
        await writeTextAtomic(join(this.dir, MANUAL_FILES.replyError), `${problem}\n`);
        await removeIfExists(replyFile);
        this.logger.warn({ problem }, 'manual reply refused; waiting for another');
      }
      await pause(this.pollMs, signal);
    }
  }

  override async onAssessmentComplete(reason: AssessmentEndReason): Promise<void> {
    try {
      const complete: ManualComplete = {
        message_type: 'assessment_complete',
        reason,
        context_id: this.session?.context_id ?? '',
        turns: this.turnsDone,
        at: new Date().toISOString(),
      };
      await writeJsonAtomic(join(this.dir, MANUAL_FILES.complete), complete);
    } finally {
      if (this.holdsDir) dirsInUse.delete(this.dir);
      this.holdsDir = false;
    }
  }
}

/**
 * The reply a file holds, or what is wrong with it. A `turn_complete` that names no step keeps none,
 * so the kit's handler fills in the scenario's check-in step as for every other purple (the
 * protocol's default hour skipped a check-in of two blind players).
 */
export function replyProblem(text: string): { reply: TurnOutcome } | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return `reply.json is not JSON (${(error as Error).message}); write a turn_complete or early_completion object, e.g. {"message_type": "turn_complete", "time_step": "PT1H"}`;
  }
  try {
    const reply: PurpleReply = parseMessage(data, PURPLE_REPLY_MESSAGE_TYPES);
    const stepGiven = typeof data === 'object' && data !== null && 'time_step' in data;
    if (reply.message_type !== 'turn_complete' || stepGiven) return { reply };
    const { time_step: _protocolDefault, ...unstepped } = reply;
    return { reply: unstepped };
  } catch (error) {
    if (error instanceof ProtocolError) return `reply.json refused: ${error.message}`;
    throw error;
  }
}
