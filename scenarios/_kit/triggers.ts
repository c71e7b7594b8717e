import type { ScenarioDefinition } from './definition.js';
import { People } from './people.js';
import { emailArrival, emailRecord, smsArrival, smsThread, userMessageArrival } from './state.js';
import type { Clock } from './time.js';

/**
 * A definition's triggers as scenario.json holds them: the matcher, the delay, and each arrival as
 * the simulator event the green schedules when the trigger fires (the same data the initial
 * state's queue holds for a scripted arrival).
 */
export function buildTriggers(def: ScenarioDefinition, clock: Clock): unknown[] {
  const people = new People(def);
  return (def.triggers ?? []).map((trigger) => ({
    id: trigger.id,
    description: trigger.description,
    when: trigger.when,
    ...(trigger.after ? { after: trigger.after } : {}),
    events: [
      ...(trigger.emails ?? []).map((email) => ({
        id: email.id,
        modality: 'email',
        data: emailArrival(emailRecord({ ...email, at: def.start }, people, clock, def.user.email), email),
        ...(email.after ? { after: email.after } : {}),
      })),
      ...(trigger.sms ?? []).map((sms) => ({
        id: sms.id,
        modality: 'sms',
        data: smsArrival(
          sms.id,
          people.phone(sms.from),
          [def.user.phone],
          sms.body,
          smsThread({ ...sms, at: def.start }, def.user.id),
        ),
        ...(sms.after ? { after: sms.after } : {}),
      })),
      ...(trigger.userMessages ?? []).map((message) => ({
        id: message.id,
        modality: 'chat',
        data: userMessageArrival(message.body),
        ...(message.after ? { after: message.after } : {}),
      })),
    ],
  }));
}
