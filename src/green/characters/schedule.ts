import type { UesClient } from '../../ues/client/index.js';
import type { ScheduledReply } from './types.js';

/** Some replies could not be put in the simulator's queue; the ones that were are listed. */
export class ReplySchedulingError extends Error {
  override readonly name = 'ReplySchedulingError';
  constructor(
    /** Event ids of the replies that were scheduled, in input order. */
    readonly scheduledEventIds: string[],
    readonly failures: Array<{ reply: ScheduledReply; error: unknown }>,
  ) {
    super(
      `${failures.length} character repl${failures.length === 1 ? 'y' : 'ies'} could not be scheduled ` +
        `(${scheduledEventIds.length} were): ` +
        failures
          .map(
            ({ reply, error }) =>
              `${reply.character_id} → ${reply.reply_to}: ${error instanceof Error ? error.message : String(error)}`,
          )
          .join('; '),
    );
  }
}

/**
 * Puts each reply into the UES event queue at its `scheduled_time`, attributed to
 * `character:<id>` (so it never counts as an assistant action) with `{character_id, reply_to}`
 * metadata. Returns the event ids in input order.
 * @throws ReplySchedulingError after trying every reply, when any failed; it lists what was scheduled.
 */
export async function scheduleReplies(
  client: UesClient,
  replies: readonly ScheduledReply[],
): Promise<string[]> {
  const ids: string[] = [];
  const failures: Array<{ reply: ScheduledReply; error: unknown }> = [];
  for (const reply of replies) {
    try {
      const created = await client.events.create({
        scheduled_time: reply.scheduled_time,
        modality: reply.event.modality,
        data: reply.event.data,
        agent_id: `character:${reply.character_id}`,
        metadata: { character_id: reply.character_id, reply_to: reply.reply_to },
      });
      ids.push(created.event_id);
    } catch (error) {
      failures.push({ reply, error });
    }
  }
  if (failures.length > 0) throw new ReplySchedulingError(ids, failures);
  return ids;
}
