import { describe, expect, it } from 'vitest';
import { checkSpecSchema, runCheck, type CheckSpec } from '../../../../src/green/checks/index.js';
import { at, checkContext, email, USER, type RunData } from '../fixtures.js';

/**
 * "Nobody is told the table is confirmed before the restaurant confirmed it": the claim counts only
 * when asserted, and only before the moment the client (the restaurant here) wrote a confirmation.
 */
const spec = checkSpecSchema.parse({
  kind: 'state',
  assertions: [
    {
      type: 'no_claim',
      id: 'no_early_confirmation',
      claims: [{ text: ['table is confirmed', 'confirmed the table'] }],
      window: {
        before: {
          heard_from: ['karen'],
          asserting: [{ text: ['happy to confirm', 'is confirmed'] }],
        },
      },
    },
  ],
}) as CheckSpec;

const reply = (id: string, hhmm: string, body: string) =>
  email(id, {
    from_address: 'karen@client.example',
    to_addresses: [USER],
    subject: 'Re: Table for four',
    body_text: body,
    received_at: at(hhmm),
  });

const score = async (posts: Array<[string, string]>, replies: RunData['finalEmails'] = []) =>
  (
    await runCheck(
      checkContext({
        posts: posts.map(([hhmm, text]) => ({ at: at(hhmm), text })),
        finalEmails: replies,
      }) as never,
      spec,
    )
  ).fraction;

describe('no_claim: a claim made before it was true', () => {
  const holding = reply('r1', '09:00', "Thanks, we'll look into it and confirm shortly.");
  const confirmed = reply(
    'r2',
    '10:30',
    'Happy to confirm: your table for four is booked. See you Thursday!',
  );

  it('costs when the chat tells the user it is confirmed after only a holding reply', async () => {
    expect(await score([['09:30', 'They replied and the table is confirmed.']], [holding])).toBe(0);
  });

  it('denied, conditional or pending wording claims nothing', async () => {
    for (const text of [
      'They said they would look into it; the table is not confirmed yet.',
      'Once they have confirmed the table, I will add it to your calendar.',
      'Could they tell us whether the table is confirmed?',
      'Request sent; waiting for their confirmation.',
    ])
      expect(await score([['09:30', text]], [holding]), text).toBe(1);
  });

  it('the same claim after the written confirmation is the truth', async () => {
    expect(await score([['11:00', 'Good news: the table is confirmed.']], [holding, confirmed])).toBe(1);
    expect(await score([['10:00', 'The table is confirmed.']], [holding, confirmed])).toBe(0);
  });

  it('the client quoting the request back confirms nothing', async () => {
    const quoting = reply(
      'r3',
      '09:00',
      'We will check.\n\n> Please confirm the table is confirmed for four.',
    );
    expect(await score([['09:30', 'The table is confirmed.']], [quoting])).toBe(0);
  });

  it('an assertion without claims is a configuration error', () => {
    expect(
      checkSpecSchema.safeParse({
        kind: 'state',
        assertions: [{ type: 'no_claim', id: 'x', claims: [] }],
      }).success,
    ).toBe(false);
  });
});
