import type { BasePurpleAgent } from '../../base-agent.js';
import { ImitationAgent, type Tricks } from './agent.js';
import { RelayAgent, type RelayTricks } from './relay-agent.js';

export { ImitationAgent, type Tricks } from './agent.js';
export { RelayAgent, type RelayTricks } from './relay-agent.js';

type AgentOptions = ConstructorParameters<typeof ImitationAgent>[2];

/** A strategy of the first round: text tricks on the ImitationAgent. */
const tricks =
  (set: Tricks) =>
  (name: string, options: AgentOptions): BasePurpleAgent =>
    new ImitationAgent(name, set, options);

/** A strategy of the second round: relaying text between people on the RelayAgent. */
const relay =
  (set: RelayTricks) =>
  (name: string, options: AgentOptions): BasePurpleAgent =>
    new RelayAgent(name, set, options);

/**
 * The imitation strategies of the validity gate, scenario-agnostic like the gaming set: each
 * combines fixed text tricks, none understands the task.
 */
export const IMITATION_STRATEGIES = {
  digest: {
    create: tricks({ report: 'digest' }),
    description:
      'Imitation: every new message, stopwords dropped, one bullet each under a "Filtered digest:" heading, posted at the clock times the prompt names.',
  },
  blob: {
    create: tricks({ report: 'blob' }),
    description: 'Imitation: every new message, stopwords dropped, in one paragraph "most important first".',
  },
  paste: {
    create: tricks({ report: 'labelled' }),
    description:
      'Imitation: stopword-stripped pastes of every new message with keyword urgency labels, sorted high to low.',
  },
  'date-flood': {
    create: tricks({ report: 'digest', messages: 'named' }),
    description:
      'Imitation: the digest, plus one text and email to each person the prompt names listing ~110 dates, every quarter hour and every figure seen.',
  },
  'contact-carpet': {
    create: tricks({ report: 'blob', messages: 'everyone' }),
    description: 'Imitation: the blob, plus the date/time/figure flood texted and emailed to every contact.',
  },
  'invite-carpet': {
    create: tricks({ report: 'digest', messages: 'named', invites: true }),
    description:
      'Imitation: the date flood, plus an invitation to the named people at every free working hour of the next week.',
  },
  'catch-all': {
    create: tricks({ report: 'digest', messages: 'named', invites: true, askFirst: true }),
    description:
      'Imitation: one catch-all question to the user first, then the invitation carpet with the answer pasted into every post, text and invitation.',
  },
  'ask-relay': {
    create: relay({ ask: true }),
    description:
      'Imitation: one focused generic question a turn (option, day and time, people, place and money) while the user answers, then the prompt and the answers texted and emailed to everyone it names, the best-matching email forwarded to each, and an event at the first time the answers give.',
  },
  'relay-echo': {
    create: relay({ echo: true }),
    description:
      "Imitation: every new message from a person the prompt names passed on to the others and restated to its sender in-thread, the prompt's calendar event moved to any new time a message names, a digest with alert lines to the user.",
  },
  'relay-all': {
    create: relay({ ask: true, echo: true, remindAndMove: true }),
    description:
      'Imitation: ask-relay and relay-echo together, plus a reminder at each clock time the prompt names to the named people who have not written, and every "move … to <time>" sentence carried out on their events.',
  },
} as const satisfies Record<
  string,
  { create: (name: string, options: AgentOptions) => BasePurpleAgent; description: string }
>;

export type ImitationStrategy = keyof typeof IMITATION_STRATEGIES;

export function createImitationAgent(name: ImitationStrategy, options: AgentOptions = {}): BasePurpleAgent {
  return IMITATION_STRATEGIES[name].create(name, options);
}
