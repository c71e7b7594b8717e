import type {
  ContactDef,
  ContactExtras,
  EmailDef,
  EventDef,
  PersonDef,
  ScenarioDefinition,
  SmsDef,
} from './definition.js';
import { DefinitionError, People } from './people.js';
import { buildLocation, buildWeather } from './places.js';
import type { Clock } from './time.js';

/**
 * The initial state as a UES full export (wrapped form, what `POST /scenario/import/full`
 * accepts): email, SMS, calendar, chat and contacts at the start, and every later arrival as a
 * scheduled event. Ids and timestamps come from the definition, so the output is byte-stable.
 */

type Json = Record<string, unknown>;

/** The conversation the green posts the user's task into (scenario.json's default). */
const USER_CONVERSATION = 'user-assistant';

export function emailRecord(def: EmailDef, people: People, clock: Clock, userEmail: string): Json {
  const at = clock.utc(def.at);
  return {
    message_id: def.id,
    thread_id: def.thread ?? `thread-${def.id}`,
    from_address: people.email(def.from),
    to_addresses: (def.to ?? [userEmail]).map((ref) => people.email(ref)),
    cc_addresses: (def.cc ?? []).map((ref) => people.email(ref)),
    bcc_addresses: [],
    reply_to_address: null,
    subject: def.subject,
    body_text: def.body,
    body_html: null,
    attachments: [],
    in_reply_to: def.replyTo ?? null,
    references: def.replyTo ? [def.replyTo] : [],
    sent_at: at,
    received_at: at,
    is_read: def.read ?? false,
    is_starred: false,
    priority: 'normal',
    folder: def.folder ?? 'inbox',
    labels: [],
  };
}

/** The data of a scheduled `email` receive event (an arrival after the start, or a trigger's). */
export function emailArrival(record: Json, def: { replyTo?: string }): Json {
  const { message_id, from_address, to_addresses, cc_addresses, subject, body_text, thread_id } = record;
  return {
    operation: 'receive',
    message_id,
    from_address,
    to_addresses,
    cc_addresses,
    subject,
    body_text,
    thread_id,
    ...(def.replyTo ? { in_reply_to: def.replyTo, references: [def.replyTo] } : {}),
  };
}

export function smsArrival(id: string, from: string, to: string[], body: string, thread: string): Json {
  return {
    operation: 'receive_message',
    message_id: id,
    from_number: from,
    to_numbers: to,
    body,
    created_thread_id: thread,
  };
}

/** A later chat message from the user to the assistant. */
export function userMessageArrival(body: string): Json {
  return { operation: 'send_message', role: 'user', content: body, conversation_id: USER_CONVERSATION };
}

function scheduled(id: string, at: string, modality: string, data: Json, created: string): Json {
  return {
    event_id: `evt-${id}`,
    scheduled_time: at,
    modality,
    data: { modality_type: modality, timestamp: at, ...data },
    status: 'pending',
    created_at: created,
    executed_at: null,
    agent_id: null,
    priority: 50,
    error_message: null,
    metadata: {},
  };
}

export function smsThread(def: SmsDef, userId: string): string {
  return `sms-${def.outgoing ? (def.to ?? userId) : def.from}`;
}

function contactRecord(id: string, person: PersonDef | ContactDef, created: string): Json {
  const extras: ContactExtras =
    'first_name' in person ? person : typeof person.contact === 'object' ? person.contact : {};
  const [first, ...rest] =
    'first_name' in person ? [person.first_name, person.last_name] : person.name.split(' ');
  const last = 'first_name' in person ? person.last_name : rest.join(' ');
  const identifiers = [
    ...(person.email ? [{ identifier_type: 'email', value: person.email, label: 'work' }] : []),
    ...(person.phone ? [{ identifier_type: 'phone', value: person.phone, label: 'mobile' }] : []),
  ];
  return {
    contact_id: id,
    first_name: first ?? null,
    last_name: last || null,
    display_name: null,
    nickname: null,
    identifiers,
    company: extras.company ?? null,
    job_title: extras.job_title ?? null,
    addresses: [],
    birthday: null,
    notes: extras.notes ?? null,
    photo_url: null,
    is_favorite: extras.favorite ?? false,
    is_blocked: false,
    groups: extras.groups ?? [],
    created_at: created,
    updated_at: created,
  };
}

function eventRecord(def: EventDef, people: People, clock: Clock, userEmail: string, created: string): Json {
  const organizer = def.organizer ? people.email(def.organizer) : userEmail;
  const attendees = [...new Set([organizer, ...(def.attendees ?? []).map((ref) => people.email(ref))])];
  const responseOf = (email: string) => {
    const id = Object.entries(def.responses ?? {}).find(([ref]) => people.email(ref) === email)?.[1];
    if (id) return id;
    return email === organizer ? 'accepted' : email === userEmail ? 'needs-action' : 'accepted';
  };
  return {
    event_id: def.id,
    calendar_id: 'primary',
    title: def.title,
    start: clock.utc(def.start),
    end: clock.utc(def.end),
    all_day: false,
    timezone: clock.zone,
    description: def.description ?? null,
    location: def.location ?? null,
    status: 'confirmed',
    organizer,
    attendees: attendees.map((email) => ({
      email,
      display_name: null,
      optional: false,
      response: responseOf(email),
      comment: null,
    })),
    // Only when set, so the files of scenarios without series stay as they were.
    ...(def.recurrence ? { recurrence: def.recurrence } : {}),
    ...(def.exceptions ? { recurrence_exceptions: def.exceptions } : {}),
    created_at: created,
    updated_at: created,
  };
}

export function buildInitialState(def: ScenarioDefinition, clock: Clock): Json {
  const people = new People(def);
  const startMs = clock.ms(def.start);
  const start = clock.utc(def.start);
  const created = clock.utc(`d-1 00:00`) < start ? clock.utc('d-1 00:00') : start;
  const userEmail = def.user.email;
  const userPhone = def.user.phone;
  const events: Json[] = [];

  const emails: Record<string, Json> = {};
  for (const email of def.emails ?? []) {
    const record = emailRecord(email, people, clock, userEmail);
    if (clock.ms(email.at) <= startMs) emails[email.id] = record;
    else events.push(scheduled(email.id, clock.utc(email.at), 'email', emailArrival(record, email), created));
  }

  const messages: Record<string, Json> = {};
  const conversations: Record<string, Json> = {};
  for (const sms of def.sms ?? []) {
    const at = clock.utc(sms.at);
    const from = sms.outgoing ? userPhone : people.phone(sms.from);
    const to = sms.outgoing ? [people.phone(sms.to ?? '')] : [userPhone];
    const thread = smsThread(sms, def.user.id);
    if (clock.ms(sms.at) <= startMs) {
      messages[sms.id] = {
        message_id: sms.id,
        thread_id: thread,
        from_number: from,
        to_numbers: to,
        body: sms.body,
        attachments: [],
        reactions: [],
        message_type: 'sms',
        direction: sms.outgoing ? 'outgoing' : 'incoming',
        sent_at: at,
        delivered_at: at,
        is_read: sms.outgoing ? true : (sms.read ?? false),
        delivery_status: 'delivered',
        is_deleted: false,
        is_spam: false,
      };
      const conversation = (conversations[thread] ??= {
        thread_id: thread,
        conversation_type: 'one_on_one',
        participants: [userPhone, sms.outgoing ? to[0]! : from].map((number) => ({
          phone_number: number,
          is_admin: false,
          joined_at: at,
        })),
        created_at: at,
        last_message_at: at,
        message_count: 0,
        unread_count: 0,
        is_pinned: false,
        is_muted: false,
        is_archived: false,
      });
      conversation.last_message_at = at;
      conversation.message_count = (conversation.message_count as number) + 1;
      if (!sms.outgoing && !sms.read) conversation.unread_count = (conversation.unread_count as number) + 1;
    } else {
      if (sms.outgoing)
        throw new DefinitionError(
          def.id,
          `SMS ${sms.id}: an outgoing message must be history (at or before the start)`,
        );
      events.push(scheduled(sms.id, at, 'sms', smsArrival(sms.id, from, to, sms.body, thread), created));
    }
  }

  const calendarEvents: Record<string, Json> = {};
  for (const event of def.calendar ?? []) {
    const record = eventRecord(event, people, clock, userEmail, created);
    if (event.arrivesAt === undefined) calendarEvents[event.id] = record;
    else {
      const {
        event_id,
        title,
        start: eventStart,
        end,
        timezone,
        description,
        location,
        organizer,
        attendees,
      } = record;
      events.push(
        scheduled(
          event.id,
          clock.utc(event.arrivesAt),
          'calendar',
          {
            operation: 'create',
            event_id,
            calendar_id: 'primary',
            title,
            start: eventStart,
            end,
            timezone,
            description,
            location,
            organizer,
            attendees,
          },
          created,
        ),
      );
    }
  }

  for (const message of def.userMessages ?? []) {
    if (clock.ms(message.at) <= startMs)
      throw new DefinitionError(def.id, `user message ${message.id}: must arrive after the start`);
    const at = clock.utc(message.at);
    events.push(scheduled(message.id, at, 'chat', userMessageArrival(message.body), created));
  }

  const contacts: Record<string, Json> = {};
  for (const [id, person] of people.all()) {
    if (person.contact) contacts[`contact-${id}`] = contactRecord(`contact-${id}`, person, created);
  }
  for (const contact of def.contacts ?? [])
    contacts[`contact-${contact.id}`] = contactRecord(`contact-${contact.id}`, contact, created);

  // Location and weather only when the scenario has them, so other scenarios' files stay as they were.
  const placeStates: Json = {};
  if (def.location) {
    const { state, arrivals } = buildLocation(def, def.location, clock);
    placeStates.location = state;
    for (const arrival of arrivals)
      events.push(scheduled(arrival.id, arrival.at, arrival.modality, arrival.data, created));
  }
  if (def.weather) {
    const { state, arrivals } = buildWeather(def, def.weather, clock);
    placeStates.weather = state;
    for (const arrival of arrivals)
      events.push(scheduled(arrival.id, arrival.at, arrival.modality, arrival.data, created));
  }

  events.sort((a, b) => Date.parse(String(a.scheduled_time)) - Date.parse(String(b.scheduled_time)));
  return {
    scenario: {
      metadata: {
        ues_version: '0.1.0',
        scenario_version: def.version,
        created_at: start,
        author: `${def.id} (generated by scenarios/_kit from build.ts)`,
        description: def.summary,
      },
      environment: {
        time_state: {
          current_time: start,
          time_scale: 1.0,
          is_paused: true,
          auto_advance: false,
          last_wall_time_update: start,
        },
        modality_states: {
          email: {
            modality_type: 'email',
            last_updated: start,
            update_count: 0,
            emails,
            threads: {},
            folders: {},
            labels: {},
            drafts: {},
            user_email_address: userEmail,
          },
          sms: {
            modality_type: 'sms',
            last_updated: start,
            update_count: 0,
            messages,
            conversations,
            max_messages_per_conversation: 10000,
            user_phone_number: userPhone,
          },
          calendar: {
            modality_type: 'calendar',
            last_updated: start,
            update_count: 0,
            calendars: {
              primary: {
                calendar_id: 'primary',
                name: 'Calendar',
                visible: true,
                created_at: created,
                updated_at: created,
              },
            },
            events: calendarEvents,
            default_calendar_id: 'primary',
            user_timezone: def.timezone,
          },
          chat: {
            modality_type: 'chat',
            last_updated: start,
            update_count: 0,
            messages: [],
            conversations: {},
            max_history_size: 1000,
            default_conversation_id: 'default',
          },
          contacts: { modality_type: 'contacts', last_updated: start, update_count: 0, contacts },
          ...placeStates,
        },
      },
      events: { events },
    },
    strict_modalities: false,
  };
}
