import {
  canonicalOracleAction,
  formatDuration,
  isActionStep,
  isPostStep,
  oraclePlanSchema,
  type OracleActionStep,
  type OraclePlan,
  type OracleReadModality,
  type OracleStep,
  type WatchPlan,
  parseDuration,
} from '../../../protocol/index.js';
import type { CallOptions } from '../../../ues/client/index.js';
import { BasePurpleAgent, completeTurn, type TurnContext, type TurnOutcome } from '../../base-agent.js';
import { PurpleAgentConfigError } from '../../errors.js';
import type { Logger } from 'pino';
import { ORACLE_ACTIONS } from './actions.js';
import { OracleStepError } from './errors.js';
import { resolveRefs } from './refs.js';
import { UserChat } from './user-chat.js';

/**
 * The oracle purple: plays a scenario's oracle plan (what the ideal assistant does) so
 * `scenarios check` can prove the scoring rewards it. The plan is an input — the CLI loads it from
 * the scenario (or a variant transforms it first); this agent never reads scenario files itself.
 * `paraphrased` posts each post's `paraphrase` and uses the actions' parameter overrides: the same
 * content in other words, which a scoring that matches facts rather than wording must accept.
 * `watcher` makes the oracle's decisions in the paraphrase's words but watches like an assistant
 * that cannot know the future: a turn at every step of the plan's `watch` (the scenario's default
 * step), the chat and every modality in play read each turn, what it read marked read — the
 * behaviour the efficiency budgets are based on, which must score as high as the oracle.
 */

export const ORACLE_STYLES = ['plain', 'paraphrased', 'watcher'] as const;
export type OracleStyle = (typeof ORACLE_STYLES)[number];

export interface OracleAgentOptions {
  plan: OraclePlan;
  style?: OracleStyle;
  logger?: Logger;
}

const MIN_STEP_MS = 60_000;
/** When no step remains: a long step (the green clamps it at the scenario's end). */
const FINAL_TIME_STEP = 'P1D';

export class OracleAgent extends BasePurpleAgent {
  readonly plan: OraclePlan;
  readonly style: OracleStyle;
  private readonly chat = new UserChat();
  private next = 0;

  constructor(options: OracleAgentOptions) {
    super(options.logger ? { logger: options.logger } : {});
    const agent = agentNameOf(options.style ?? 'plain');
    const parsed = oraclePlanSchema.safeParse(options.plan);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new PurpleAgentConfigError(
        agent,
        'plan',
        `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
      );
    }
    this.plan = parsed.data;
    this.style = options.style ?? 'plain';
    if (this.style === 'watcher' && this.plan.watch === undefined) {
      throw new PurpleAgentConfigError(
        agent,
        'plan',
        "the watcher needs the plan's watch (the green derives it from the scenario)",
      );
    }
  }

  override get agentName(): string {
    return agentNameOf(this.style);
  }

  /** Steps not run yet. */
  get remainingSteps(): number {
    return this.plan.steps.length - this.next;
  }

  async executeTurn(turn: TurnContext): Promise<TurnOutcome> {
    const now = turn.currentTime.getTime();
    const options: CallOptions = { signal: turn.signal };
    const failures: string[] = [];
    let ran = 0;
    if (this.style === 'watcher') await this.watch(options);
    while (this.next < this.plan.steps.length && Date.parse(this.plan.steps[this.next]!.at) <= now) {
      const index = this.next;
      const step = this.plan.steps[index]!;
      this.next += 1;
      const label = `step ${index} (${describeStep(step)})`;
      try {
        await this.runStep(step, label, options);
        ran += 1;
      } catch (error) {
        if (turn.signal.aborted) throw error;
        const message = error instanceof OracleStepError ? error.message : `${label}: ${errorText(error)}`;
        this.logger.warn({ step: index, err: error }, 'oracle step failed');
        failures.push(message);
      }
    }
    const upcoming = this.plan.steps[this.next];
    const nextAt = Math.min(
      upcoming === undefined ? Infinity : Date.parse(upcoming.at),
      this.style === 'watcher' ? nextWatchTime(this.plan.watch!, now) : Infinity,
    );
    const timeStep = Number.isFinite(nextAt)
      ? formatDuration(Math.max(MIN_STEP_MS, nextAt - now))
      : FINAL_TIME_STEP;
    const notes = [`${this.agentName}: ${ran} step(s) run, ${this.remainingSteps} left`];
    if (failures.length > 0) notes.push(`${failures.length} failed: ${failures.join('; ')}`);
    return completeTurn({ timeStep, notes: notes.join('; ') });
  }

  /** The watcher's turn: read the chat and every modality in play, mark what arrived as read. */
  private async watch(options: CallOptions): Promise<void> {
    const client = this.ues.client;
    for (const modality of this.plan.watch!.read) {
      if (modality === 'email') {
        const state = await client.email.state({}, options);
        const unread = Object.values(state.emails)
          .filter((email) => !email.is_read && email.folder === 'inbox')
          .map((email) => email.message_id);
        if (unread.length > 0) await this.ues.markEmailsRead(unread);
      } else if (modality === 'sms') {
        const state = await client.sms.state({}, options);
        const unread = Object.values(state.messages)
          .filter((message) => message.direction === 'incoming' && !message.is_read && !message.is_deleted)
          .map((message) => message.message_id);
        if (unread.length > 0) await this.ues.markSmsRead(unread);
      } else await this.read(modality, 'watch', options);
    }
  }

  private async runStep(step: OracleStep, label: string, options: CallOptions): Promise<void> {
    if (isPostStep(step)) {
      await this.chat.post(this.ues, this.style === 'plain' ? step.post : step.paraphrase, options);
    } else if (isActionStep(step)) {
      await this.runAction(step, label, options);
    } else if (this.style !== 'watcher') {
      // The watcher has read everything this turn already.
      for (const modality of step.read) await this.read(modality, label, options);
    }
  }

  private async runAction(step: OracleActionStep, label: string, options: CallOptions): Promise<void> {
    const name = canonicalOracleAction(step.action);
    if (name === undefined) throw new OracleStepError(label, `unknown action ${JSON.stringify(step.action)}`);
    const params =
      this.style !== 'plain' && step.paraphrase !== undefined
        ? { ...step.params, ...step.paraphrase }
        : step.params;
    const resolved = (await resolveRefs(this.ues, params, options, label)) as typeof params;
    await ORACLE_ACTIONS[name].run({ ues: this.ues, options, step: label }, resolved);
  }

  /** `GET /<modality>/state`: what an assistant looks at before it acts. */
  private async read(modality: OracleReadModality, label: string, options: CallOptions): Promise<void> {
    const client = this.ues.client;
    switch (modality) {
      case 'email':
        await client.email.state({}, options);
        return;
      case 'sms':
        await client.sms.state({}, options);
        return;
      case 'calendar':
        await client.calendar.state({}, options);
        return;
      case 'chat':
        await client.chat.state({}, options);
        return;
      case 'contacts':
        await client.contacts.state({}, options);
        return;
      case 'location':
        await client.location.state({}, options);
        return;
      case 'weather':
        await client.weather.state({}, options);
        return;
    }
  }
}

function agentNameOf(style: OracleStyle): string {
  return style === 'plain' ? 'oracle' : style === 'paraphrased' ? 'oracle-paraphrased' : 'watcher';
}

/** The watcher's next turn: the next step of its grid from the scenario's start. */
function nextWatchTime(watch: WatchPlan, now: number): number {
  const start = Date.parse(watch.start);
  const step = Math.max(MIN_STEP_MS, parseDuration(watch.step));
  return start + (Math.floor((now - start) / step) + 1) * step;
}

function describeStep(step: OracleStep): string {
  if (isPostStep(step)) return 'post';
  if (isActionStep(step)) return step.action;
  return `read ${step.read.join(', ')}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
