import { describe, expect, it } from 'vitest';
import type { Contact } from '../../../../src/ues/client/index.js';
import {
  ASK_QUESTIONS,
  bestByOverlap,
  contactOf,
  groupMembersNamedIn,
  informativeAnswer,
  moveRequests,
  peopleNamedIn,
  sentencesOf,
  substantive,
  withoutQuestions,
} from '../../../../src/purple/baselines/imitation/relay-text.js';
import { briefTopicsAsked, CLARIFY_REPLY, DONT_KNOW_REPLY } from '../../../../src/llm/user-brief-answers.js';

function contact(id: string, first: string, last: string, ...identifiers: string[]): Contact {
  return inGroups([], id, first, last, ...identifiers);
}

function inGroups(
  groups: string[],
  id: string,
  first: string,
  last: string,
  ...identifiers: string[]
): Contact {
  return {
    contact_id: id,
    first_name: first,
    last_name: last,
    resolved_display_name: `${first} ${last}`,
    identifiers: identifiers.map((value) => ({
      identifier_type: value.includes('@') ? 'email' : 'phone',
      value,
    })),
    addresses: [],
    is_favorite: false,
    is_blocked: false,
    groups,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  } as unknown as Contact;
}

const USER = new Set(['me@home.example', '+15550000000']);
const CONTACTS = [
  contact('me', 'Alex', 'Stone', 'me@home.example', '+15550000000'),
  contact('tan', 'Chris', 'Tan', 'chris@tan.example'),
  contact('maier', 'Chris', 'Maier', 'chris@maier.example', '+1 (555) 010-0002'),
  contact('nadia', 'Nadia', 'Petrov', '+15550100021'),
];
const ids = (people: Contact[]) => people.map((person) => person.contact_id);

describe('people named in a text', () => {
  it('finds contacts by any name, never the user', () => {
    expect(ids(peopleNamedIn('Ask Nadia and Alex Stone', CONTACTS, USER))).toEqual(['nadia']);
  });

  it('a shared first name means everyone by it, unless one of them is named in full', () => {
    expect(ids(peopleNamedIn('send Chris the pricing', CONTACTS, USER))).toEqual(['tan', 'maier']);
    expect(ids(peopleNamedIn('Chris Tan, the customer', CONTACTS, USER))).toEqual(['tan']);
  });

  it('a group the text names names its members; an everyday one ("work") does not', () => {
    const club = [
      ...CONTACTS,
      inGroups(['book club', 'work'], 'claire', 'Claire', 'Byrne', 'claire@x.example'),
      inGroups(['work'], 'gabe', 'Gabe', 'Lind', 'gabe@x.example'),
    ];
    expect(ids(groupMembersNamedIn('Book club is tonight, I am at work till 6', club, USER))).toEqual([
      'claire',
    ]);
    expect(ids(groupMembersNamedIn('The book clubs are over', club, USER))).toEqual([]);
  });

  it('matches a sender by address, phone numbers by their digits', () => {
    expect(contactOf('CHRIS@tan.example', CONTACTS)?.contact_id).toBe('tan');
    expect(contactOf('+15550100002', CONTACTS)?.contact_id).toBe('maier');
    expect(contactOf('stranger@x.example', CONTACTS)).toBeUndefined();
  });
});

describe('word overlap', () => {
  const emails = [
    { id: 'news', text: 'Weekly newsletter: sales and deals' },
    { id: 'nda', text: 'Signed NDA attached for our call with Brightwater' },
    { id: 'price', text: 'Pricing sheet for the renewal' },
  ];
  it('picks the item sharing most content words with the query, none below the minimum', () => {
    expect(bestByOverlap(emails, (e) => e.text, 'send Sam the signed NDA ahead of our call', 2)?.id).toBe(
      'nda',
    );
    expect(bestByOverlap(emails, (e) => e.text, 'the pricing sheet he asked for', 2)?.id).toBe('price');
    expect(bestByOverlap(emails, (e) => e.text, 'book a table', 1)).toBeUndefined();
  });
});

describe('sentences and moves', () => {
  it('splits on sentence ends and lines', () => {
    expect(sentencesOf('Move my 3pm with Jordan to tomorrow. Thanks!\n1. Carmen — the form')).toEqual([
      'Move my 3pm with Jordan to tomorrow.',
      'Thanks!',
      '1. Carmen — the form',
    ]);
  });

  it('reads "move … to …" sentences, the what and the where', () => {
    expect(
      moveRequests('Move my 3pm with Jordan to tomorrow, same time, and let them know. Thanks!'),
    ).toEqual([{ what: 'my 3pm with Jordan', to: 'tomorrow, same time, and let them know.' }]);
    expect(moveRequests('Can we push the review to Thursday at 10?')).toEqual([
      { what: 'the review', to: 'Thursday at 10?' },
    ]);
    expect(moveRequests('Please book the table and tell them.')).toEqual([]);
  });
});

describe('questions and answers', () => {
  const brief = {
    answers: [
      { about: ['restaurant', 'where', 'which place'], answer: 'Bella Vista.' },
      { about: ['when', 'day', 'time'], answer: 'Thursday at 7:30pm.' },
      { about: ['how many', 'people'], answer: 'Four.' },
      { about: ['budget', 'how much', 'spend'], answer: '$200.' },
    ],
  };

  it('each generic question is a question about at most two of a brief’s topics (focused, not a catch-all)', () => {
    for (const question of ASK_QUESTIONS) {
      expect(question.endsWith('?'), question).toBe(true);
      expect(briefTopicsAsked(brief, question), question).toBeLessThanOrEqual(2);
    }
    expect(ASK_QUESTIONS.reduce((sum, q) => sum + briefTopicsAsked(brief, q), 0)).toBeGreaterThanOrEqual(4);
  });

  it('a shrug or a request to be specific is no answer', () => {
    expect(informativeAnswer(CLARIFY_REPLY)).toBe(false);
    expect(informativeAnswer(DONT_KNOW_REPLY)).toBe(false);
    expect(informativeAnswer('Thursday at 7:30pm.')).toBe(true);
  });

  it('a bare thank-you is not passed on; news is', () => {
    expect(substantive('Thanks for letting me know.')).toBe(false);
    expect(
      substantive("Hi Iris! Understood. I'll see what I can do and let you know when I hear back from them."),
    ).toBe(false);
    expect(substantive('Thanks — but 8:45 is too late for me.')).toBe(true);
    expect(substantive('Running late, there by 8')).toBe(true);
    expect(substantive('I cannot make it tonight after all, something came up at work, so sorry')).toBe(true);
    expect(substantive('I cannot make it tonight')).toBe(false);
  });

  it('a digest line asks nothing', () => {
    expect(withoutQuestions('Can you confirm by 5? Please let me know!')).toBe(
      '(noted) by 5. Please (noted)!',
    );
  });
});
