import { describe, expect, it } from 'vitest';
import { replyOwnWords, withoutQuotedOriginal } from '../../../src/green/reading/own-words.js';

const original = {
  subject: 'Tree work: Saturday 14 June?',
  from_address: 'Greg@Arbor.example',
  reply_to_address: 'bookings@arbor.example',
  to_addresses: ['user@home.example'],
  cc_addresses: ['neighbour@home.example'],
};

describe('a reply’s own words', () => {
  it('drop an inherited subject and the quoted original, whatever the quoting style', () => {
    const body = [
      'Saturday 21 June suits us, see you at 8.',
      '',
      'On Tue, 3 June 2025 at 09:14, Greg <greg@arbor.example> wrote:',
      '> Could we do Saturday 14 June?',
    ].join('\n');
    expect(
      replyOwnWords('Re: RE: tree work:  Saturday 14 June?', body, original, ['greg@arbor.example']),
    ).toBe('Saturday 21 June suits us, see you at 8.');
    expect(withoutQuotedOriginal('Fine by me.\n> Saturday 14 June?\nThanks')).toBe('Fine by me.\nThanks');
    expect(withoutQuotedOriginal('Yes.\n-----Original Message-----\nFrom: Greg\nSaturday 14 June')).toBe(
      'Yes.',
    );
  });

  it('keep a subject the assistant wrote and everything sent to the reply-to address or the copied', () => {
    expect(replyOwnWords('Booked: 21 June', 'See you then.', original, ['bookings@arbor.example'])).toBe(
      'Booked: 21 June\nSee you then.',
    );
    expect(replyOwnWords('Re: Tree work', 'Ok.\n> 14 June', original, ['neighbour@home.example'])).toBe(
      'Re: Tree work\nOk.',
    );
  });

  it('keep the quoted original when the reply copies in someone who was not on it (passing it on)', () => {
    const body = 'Adding Sam.\n> Could we do Saturday 14 June?';
    expect(
      replyOwnWords('Re: Tree work: Saturday 14 June?', body, original, [
        'greg@arbor.example',
        'sam@else.example',
      ]),
    ).toBe(`Re: Tree work: Saturday 14 June?\n${body}`);
  });
});
