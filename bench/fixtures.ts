/** Generated states for the UES benchmark: large inboxes and address books in the export format. */

export const START = Date.parse('2026-01-28T06:00:00Z');
export const USER_EMAIL = 'alex.thompson@meridiantech.com';

const iso = (ms: number): string => new Date(ms).toISOString();

export function makeEmail(index: number): Record<string, unknown> {
  const at = iso(START - (index + 1) * 60_000);
  return {
    message_id: `bench_${index}`,
    thread_id: `thread_${index % 500}`,
    from_address: `sender${index % 97}@example.com`,
    to_addresses: [USER_EMAIL],
    cc_addresses: index % 5 === 0 ? ['team@meridiantech.com'] : [],
    bcc_addresses: [],
    reply_to_address: null,
    subject: `Quarterly planning follow-up #${index}: budget, hiring and roadmap`,
    body_text: `Hi Alex,\n\nFollowing up on item ${index}. ${'Here are the details we discussed. '.repeat(12)}\n\nThanks,\nSender ${index % 97}`,
    body_html: null,
    attachments: [],
    in_reply_to: null,
    references: [],
    sent_at: at,
    received_at: at,
    is_read: index % 3 === 0,
    is_starred: false,
    priority: 'normal',
    folder: 'inbox',
    labels: index % 7 === 0 ? ['work'] : [],
  };
}

const FIRST_NAMES = [
  'Ana',
  'Ben',
  'Carol',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jamal',
  'Kofi',
];
const LAST_NAMES = ['López', 'Smith', 'Chen', 'Okafor', 'Müller', 'Patel', 'Rossi', 'Kim', 'Novak', 'Silva'];

/** A realistic contact: two identifiers, an address for some, groups, notes for some. */
export function makeContact(index: number): Record<string, unknown> {
  const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
  const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]!;
  const at = iso(START - index * 3_600_000);
  return {
    contact_id: `contact_${index}`,
    first_name: first,
    last_name: `${last}-${index}`,
    display_name: null,
    nickname: index % 9 === 0 ? `${first.toLowerCase()}${index}` : null,
    identifiers: [
      { identifier_type: 'phone', value: `+1555${String(index).padStart(7, '0')}`, label: 'mobile' },
      { identifier_type: 'email', value: `${first.toLowerCase()}.${index}@example.com`, label: null },
    ],
    company: index % 4 === 0 ? `Company ${index % 53}` : null,
    job_title: index % 6 === 0 ? 'Account manager' : null,
    addresses:
      index % 5 === 0
        ? [
            {
              street: `${index} Main St`,
              city: 'Springfield',
              state: 'IL',
              postal_code: '62701',
              country: 'US',
              label: 'home',
            },
          ]
        : [],
    birthday: index % 8 === 0 ? '1988-04-12' : null,
    notes: index % 10 === 0 ? 'Met at the 2025 offsite; prefers email.' : null,
    photo_url: null,
    is_favorite: index % 50 === 0,
    is_blocked: index % 199 === 0,
    groups: index % 3 === 0 ? ['work'] : index % 3 === 1 ? ['friends'] : [],
    created_at: at,
    updated_at: at,
  };
}

export function scenarioWith(
  states: { emails?: number; contacts?: number },
  events: Record<string, unknown>[] = [],
): Record<string, unknown> {
  const emails = Object.fromEntries(
    Array.from({ length: states.emails ?? 0 }, (_, i) => [`bench_${i}`, makeEmail(i)]),
  );
  const contacts = Object.fromEntries(
    Array.from({ length: states.contacts ?? 0 }, (_, i) => [`contact_${i}`, makeContact(i)]),
  );
  return {
    scenario: {
      metadata: { ues_version: '0.3.0', scenario_version: '1' },
      environment: {
        time_state: {
          current_time: iso(START),
          time_scale: 1,
          is_paused: false,
          auto_advance: false,
          last_wall_time_update: iso(START),
        },
        modality_states: {
          email: { emails, user_email_address: USER_EMAIL },
          sms: {},
          calendar: {},
          chat: {},
          contacts: { contacts },
        },
      },
      events: { events },
    },
  };
}

/** `count` pending email arrivals, three simulated seconds apart. */
export function arrivals(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => ({
    scheduled_time: iso(START + 1000 + i * 3000),
    modality: 'email',
    priority: 50,
    status: 'pending',
    data: {
      operation: 'receive',
      message_id: `arrival_${i}`,
      from_address: `sender${i % 97}@example.com`,
      to_addresses: [USER_EMAIL],
      subject: `Arrival ${i}`,
      body_text: 'Scheduled arrival body text. '.repeat(8),
      thread_id: `arrival_thread_${i % 300}`,
    },
  }));
}
