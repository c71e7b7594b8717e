import type { TriageEmail } from './noise-rules.js';

/**
 * Keyword urgency for substantive email: incidents, escalations and explicit urgency are high;
 * requests, reviews, deadlines and client matters are medium; the rest is low. Two refinements
 * keep it from being naive: a thread that was urgent stays urgent until it signals resolution,
 * and all-staff broadcasts are informational.
 */

export type Urgency = 'high' | 'medium' | 'low';

export const URGENCY_ORDER: readonly Urgency[] = ['high', 'medium', 'low'];

export type UrgencySignal =
  | 'incident'
  | 'escalation'
  | 'explicit urgency'
  | 'resolution'
  | 'deadline'
  | 'review request'
  | 'question for you'
  | 'client matter'
  | 'action items'
  | 'ongoing urgent thread'
  | 'broadcast';

export interface UrgencyRating {
  urgency: Urgency;
  signals: UrgencySignal[];
  /** A near-term deadline phrase found in the email, e.g. "by Friday". */
  deadline: string | undefined;
}

const INCIDENT =
  /\b(alert|outage|incident|sev[ -]?[0-3]|pagerduty|latency spike|is down|went down|degraded)\b/i;
const EXPLICIT_URGENCY = /\b(urgent(ly)?|asap|as soon as possible|emergency|critical|immediate(ly)?)\b/i;
const ESCALATION =
  /\b(escalat\w*|unacceptable|still waiting|no response|up the chain|furious|threaten\w*|at risk|legal action|lawsuit|alternative platforms)\b/i;
const RESOLUTION =
  /\b(resolved|root cause (confirmed|found|identified)|fixed|mitigated|post-?mortem|all clear|back to normal)\b/i;
const NEAR_DEADLINE =
  /\bby (today|tonight|tomorrow|eod|end of (the )?(day|week)( \w+day)?|(monday|tuesday|wednesday|thursday|friday|saturday|sunday)|\d{1,2}(:\d{2})? ?(am|pm)|noon)\b/i;
const DEADLINE_WORDS = /\b(deadline|due (by|on)|timeline)\b/i;
const REVIEW =
  /\b(please (review|approve|confirm|advise|take a look)|review (needed|requested)|approval needed|sign[- ]off)\b/i;
const QUESTION_FOR_YOU =
  /\b(can you|could you|need your (input|review|approval|help|feedback)|your (input|feedback|approval) (is )?needed|weigh in|following up|follow(ing)? up on)\b/i;
const CLIENT = /\b(client|customer|contract|renewal|account)\b/i;
const ACTION_ITEMS = /\b(action items?|action required)\b/i;
const BROADCAST = /^\s*(hi|hello|hey|dear)\s+(everyone|everybody)\b/im;

/** Strong body signals needed (without a subject signal) to call an email high. */
const BODY_SIGNALS_FOR_HIGH = 2;

/**
 * Rates one substantive email. `threadWasHigh` says an earlier email of the same thread was rated
 * high; that urgency carries over unless this email signals resolution.
 */
export function rateUrgency(email: TriageEmail, threadWasHigh = false): UrgencyRating {
  const subject = email.subject;
  const body = email.body_text;
  const signals = new Set<UrgencySignal>();
  const subjectHigh = [INCIDENT, EXPLICIT_URGENCY, ESCALATION].some((pattern) => pattern.test(subject));
  const bodyHigh = [INCIDENT, EXPLICIT_URGENCY, ESCALATION].filter((pattern) => pattern.test(body)).length;
  // Only the subject says the email is about an incident; bodies mention past incidents in passing.
  if (INCIDENT.test(subject)) signals.add('incident');
  if (EXPLICIT_URGENCY.test(subject) || EXPLICIT_URGENCY.test(body)) signals.add('explicit urgency');
  if (ESCALATION.test(subject) || ESCALATION.test(body)) signals.add('escalation');
  const resolved = RESOLUTION.test(subject);
  if (resolved) signals.add('resolution');

  const deadline = NEAR_DEADLINE.exec(`${subject}\n${body}`)?.[0];
  if (deadline !== undefined || DEADLINE_WORDS.test(`${subject}\n${body}`)) signals.add('deadline');
  if (REVIEW.test(subject) || REVIEW.test(body)) signals.add('review request');
  if (QUESTION_FOR_YOU.test(subject) || QUESTION_FOR_YOU.test(body)) signals.add('question for you');
  if (CLIENT.test(subject) || CLIENT.test(body)) signals.add('client matter');
  if (ACTION_ITEMS.test(subject) || ACTION_ITEMS.test(body)) signals.add('action items');
  const broadcast = BROADCAST.test(body);
  if (broadcast) signals.add('broadcast');

  let urgency: Urgency = 'low';
  if (subjectHigh || bodyHigh >= BODY_SIGNALS_FOR_HIGH) {
    urgency = 'high';
  } else if (threadWasHigh && !resolved) {
    urgency = 'high';
    signals.add('ongoing urgent thread');
  } else if (
    ['deadline', 'review request', 'question for you', 'client matter', 'action items'].some((signal) =>
      signals.has(signal as UrgencySignal),
    )
  ) {
    urgency = 'medium';
  }
  // A resolved incident still needs follow-up, but no longer needs the user right now.
  if (resolved && urgency === 'high') urgency = 'medium';
  if (broadcast && urgency === 'medium') urgency = 'low';
  return { urgency, signals: [...signals], deadline };
}
