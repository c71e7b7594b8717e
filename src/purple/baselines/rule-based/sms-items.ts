import type { Contact, SmsMessage } from '../../../ues/client/index.js';
import type { TriageEmail } from './noise-rules.js';

/**
 * Texts enter the rule-based triage as emails do: the sender is named from the address book when
 * the number is there (a phone number otherwise), and the "subject" is the text's opening
 * sentence, clipped — the rules quote subjects, never bodies.
 */

const SUBJECT_LIMIT = 70;

function digits(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

/** Phone number (last ten digits) → the contact's name. */
export function namesByPhone(contacts: readonly Contact[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const contact of contacts) {
    for (const identifier of contact.identifiers) {
      if (identifier.identifier_type === 'phone' && digits(identifier.value) !== '') {
        names.set(digits(identifier.value), contact.resolved_display_name);
      }
    }
  }
  return names;
}

function openingSentence(body: string): string {
  const first = body.trim().split(/\n+|(?<=[.?!])\s+/)[0] ?? '';
  return first.length <= SUBJECT_LIMIT ? first : `${first.slice(0, SUBJECT_LIMIT - 1).trimEnd()}…`;
}

export function smsAsTriageItem(sms: SmsMessage, names: ReadonlyMap<string, string>): TriageEmail {
  return {
    message_id: sms.message_id,
    thread_id: `sms:${sms.thread_id}`,
    from_address: sms.from_number,
    sender_name: names.get(digits(sms.from_number)),
    channel: 'text',
    to_addresses: sms.to_numbers,
    subject: openingSentence(sms.body),
    body_text: sms.body,
    received_at: sms.sent_at,
  };
}
