import { describe, expect, it } from 'vitest';
import { checkSpecSchema, runCheck, type CheckSpec } from '../../../src/green/checks/index.js';
import { USER, at, checkContext, email, type RunData } from './fixtures.js';

/**
 * An announcement to a list is judged by the first version its readers got (`first_only`): a
 * right copy sent after a wrong one does not undo it; without the option the best message counts.
 */

const LIST = 'members@club.example';
const announcement = (firstOnly: boolean): CheckSpec =>
  checkSpecSchema.parse({
    kind: 'state',
    assertions: [
      {
        type: 'message_sent',
        id: 'line_up',
        channel: 'email',
        to: { include: [LIST] },
        facts: [{ date: '2026-03-05' }, { time: '19:15' }],
        first_only: firstOnly,
      },
    ],
  }) as CheckSpec;

const sentToList = (...bodies: string[]): RunData => ({
  userMessages: [{ at: at('08:00'), text: 'Announce the talk to the members once the speaker confirms.' }],
  actions: bodies.map((body) => ({
    action: 'email.send',
    parameters: { to_addresses: [LIST], subject: 'Talk', body_text: body },
  })),
  initialEmails: [],
  finalEmails: bodies.map((body, index) =>
    email(`out${index}`, {
      from_address: USER,
      to_addresses: [LIST],
      subject: 'Talk',
      body_text: body,
      folder: 'sent',
      sent_at: at(index === 0 ? '09:00' : '10:00'),
    }),
  ),
});

const score = async (firstOnly: boolean, ...bodies: string[]) =>
  (await runCheck(checkContext(sentToList(...bodies)) as never, announcement(firstOnly))).fraction;

const WRONG = 'Hello all, the talk is on Wednesday 4 March at 18:30.';
const RIGHT = 'Hello all, the talk is on Thursday 5 March at 19:15.';

describe('message_sent first_only', () => {
  it('judges the first announcement: a right one later does not undo a wrong first one', async () => {
    expect(await score(true, WRONG, RIGHT)).toBe(0);
    expect(await score(false, WRONG, RIGHT)).toBe(1);
  });

  it('a right first announcement keeps its credit whatever follows', async () => {
    expect(await score(true, RIGHT, 'Reminder: see you all soon!')).toBe(1);
    expect(await score(true, RIGHT)).toBe(1);
  });

  it('refuses a malformed first_only, naming the field', () => {
    const parsed = checkSpecSchema.safeParse({
      kind: 'state',
      assertions: [{ type: 'message_sent', id: 'x', to: { include: [LIST] }, first_only: 'yes' }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('assertions.0.first_only');
  });
});
