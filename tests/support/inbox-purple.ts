import { startScriptedPurple, turnComplete, type ScriptedPurple } from './scripted-purple.js';

/**
 * A purple that does the `mini_inbox` task (reply to Ann on the first turn, a chat summary every
 * later turn: 20/20 offline), except in the assessments `skipAnn` picks by order of arrival
 * (10/20). Its behaviour depends on nothing else, so runs of it are deterministic.
 */
export async function startInboxPurple(
  skipAnn: (assessment: number) => boolean = () => false,
): Promise<ScriptedPurple> {
  const order = new Map<string, number>();
  return startScriptedPurple({
    onStart(_start, contextId) {
      order.set(contextId, order.size + 1);
      return { payload: {} };
    },
    async onTurn({ turn, ues, contextId }) {
      if (turn.turn_number === 1 && !skipAnn(order.get(contextId)!)) {
        await ues.email.send({
          from_address: 'alex@example.com',
          to_addresses: ['ann@example.com'],
          subject: 'Re: Lunch on Friday?',
          body_text: 'Yes, Friday at noon works for me.',
        });
      }
      if (turn.turn_number > 1) {
        await ues.chat.send({
          role: 'assistant',
          content: 'Inbox summary',
          conversation_id: 'user-assistant',
        });
      }
      return turnComplete('PT1H');
    },
  });
}
