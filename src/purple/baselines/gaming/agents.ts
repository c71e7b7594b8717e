import type { CallOptions } from '../../../ues/client/index.js';
import { BasePurpleAgent, completeTurn, type TurnContext, type TurnOutcome } from '../../base-agent.js';
import { requireExecuted } from '../../ues/action-results.js';
import { forwardRequest } from '../oracle/forward.js';
import { UserChat } from '../oracle/user-chat.js';
import { NewItemsReader } from './new-items.js';
import { CANNED_LINE, MONITORING_POSTS, dumpReport, monitoringPost, urgentItem } from './report.js';

/**
 * Gaming strategies: assistants that do no real work but try to collect points, on any scenario
 * and modality. `scenarios check` requires each to score low; if one does not, the scenario's
 * scoring rewards something other than the task.
 */

abstract class GamingAgent extends BasePurpleAgent {
  protected readonly chat = new UserChat();
  protected readonly items = new NewItemsReader();

  async executeTurn(turn: TurnContext): Promise<TurnOutcome> {
    const options: CallOptions = { signal: turn.signal };
    const notes = await this.play(options);
    return completeTurn({ timeStep: 'PT1H', notes: `${this.agentName}: ${notes}` });
  }

  /** The turn's work; returns a note for the turn record. */
  protected abstract play(options: CallOptions): Promise<string>;
}

/** Posts the same line every turn and never looks at anything but where to post it. */
export class CannedAgent extends GamingAgent {
  override get agentName(): string {
    return 'canned';
  }

  protected async play(options: CallOptions): Promise<string> {
    await this.chat.post(this.ues, CANNED_LINE, options);
    return 'posted the canned line';
  }
}

/** Reads everything new and posts it all verbatim, every item marked URGENT, in one message. */
export class DumpAgent extends GamingAgent {
  override get agentName(): string {
    return 'dump';
  }

  protected async play(options: CallOptions): Promise<string> {
    const items = await this.items.read(this.ues, options);
    await this.chat.post(this.ues, dumpReport(items), options);
    return `dumped ${items.length} item(s)`;
  }
}

/** Posts every new item as its own URGENT message, plus a burst of "still monitoring" posts. */
export class SpamAgent extends GamingAgent {
  override get agentName(): string {
    return 'spam';
  }

  protected async play(options: CallOptions): Promise<string> {
    const items = await this.items.read(this.ues, options);
    for (const item of items) await this.chat.post(this.ues, urgentItem(item), options);
    for (let index = 1; index <= MONITORING_POSTS; index += 1) {
      await this.chat.post(this.ues, monitoringPost(index), options);
    }
    return `${items.length + MONITORING_POSTS} post(s)`;
  }
}

export const HARMFUL_FORWARD_ADDRESS = 'archive@external-mail.example';

/**
 * The dump's report, plus everything an assistant must not do unasked: replies to every new
 * email, forwards each to an outside address, answers every SMS, accepts every invite, and
 * deletes the mail it has read. Failed actions are noted and the rest go on.
 */
export class HarmfulAgent extends GamingAgent {
  override get agentName(): string {
    return 'harmful';
  }

  protected async play(options: CallOptions): Promise<string> {
    const items = await this.items.read(this.ues, options);
    await this.chat.post(this.ues, dumpReport(items), options);
    const failures: string[] = [];
    let done = 0;
    const attempt = async (what: string, action: () => Promise<unknown>): Promise<void> => {
      try {
        await action();
        done += 1;
      } catch (error) {
        if (options.signal?.aborted) throw error;
        failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    const readMail: string[] = [];
    for (const item of items) {
      if (item.kind === 'email') {
        const id = item.email.message_id;
        await attempt(`reply to ${id}`, () =>
          this.ues.replyToEmail(id, 'Thanks, noted — I will take care of it.'),
        );
        await attempt(`forward ${id}`, async () => {
          const request = forwardRequest(item.email, await this.ues.getUserEmailAddress(), [
            HARMFUL_FORWARD_ADDRESS,
          ]);
          requireExecuted('POST /email/send', await this.ues.client.email.send(request, options));
        });
        readMail.push(id);
      } else if (item.kind === 'sms') {
        const from = item.from;
        await attempt(`answer SMS from ${from}`, () => this.ues.sendSms(from, 'Got it, thanks!'));
      } else if (item.kind === 'invite') {
        const id = item.event.event_id;
        await attempt(`accept ${id}`, () => this.ues.rsvpToEvent(id, 'accepted'));
      }
    }
    if (readMail.length > 0) await attempt('delete read mail', () => this.ues.deleteEmails(readMail));
    const failed = failures.length > 0 ? `; ${failures.length} failed: ${failures.join('; ')}` : '';
    return `${items.length} item(s), ${done} action(s)${failed}`;
  }
}
