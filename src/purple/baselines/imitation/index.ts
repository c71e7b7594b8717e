import { ImitationAgent, type Tricks } from './agent.js';

export { ImitationAgent, type Tricks } from './agent.js';

/**
 * The imitation strategies of the validity gate, scenario-agnostic like the gaming set: each
 * combines fixed text tricks, none understands the task.
 */
export const IMITATION_STRATEGIES = {
  digest: {
    tricks: { report: 'digest' },
    description:
      'Imitation: every new message, stopwords dropped, one bullet each under a "Filtered digest:" heading, posted at the clock times the prompt names.',
  },
  blob: {
    tricks: { report: 'blob' },
    description: 'Imitation: every new message, stopwords dropped, in one paragraph "most important first".',
  },
  paste: {
    tricks: { report: 'labelled' },
    description:
      'Imitation: stopword-stripped pastes of every new message with keyword urgency labels, sorted high to low.',
  },
  'date-flood': {
    tricks: { report: 'digest', messages: 'named' },
    description:
      'Imitation: the digest, plus one text and email to each person the prompt names listing ~110 dates, every quarter hour and every figure seen.',
  },
  'contact-carpet': {
    tricks: { report: 'blob', messages: 'everyone' },
    description: 'Imitation: the blob, plus the date/time/figure flood texted and emailed to every contact.',
  },
  'invite-carpet': {
    tricks: { report: 'digest', messages: 'named', invites: true },
    description:
      'Imitation: the date flood, plus an invitation to the named people at every free working hour of the next week.',
  },
  'catch-all': {
    tricks: { report: 'digest', messages: 'named', invites: true, askFirst: true },
    description:
      'Imitation: one catch-all question to the user first, then the invitation carpet with the answer pasted into every post, text and invitation.',
  },
} as const satisfies Record<string, { tricks: Tricks; description: string }>;

export type ImitationStrategy = keyof typeof IMITATION_STRATEGIES;

export function createImitationAgent(
  name: ImitationStrategy,
  options: ConstructorParameters<typeof ImitationAgent>[2] = {},
): ImitationAgent {
  return new ImitationAgent(name, IMITATION_STRATEGIES[name].tricks, options);
}
