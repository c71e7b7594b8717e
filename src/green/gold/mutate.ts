import { createHash } from 'node:crypto';
import type { ActionLogEntryWithTurn } from '../../protocol/index.js';
import type { EvaluationInput } from '../run-record/evaluation-input.js';
import type { ActionRef, Edit } from './schema.js';

/**
 * Careless mutants of a saved run: each edit changes what the assistant did — the words of a
 * message, an extra message, a message sent earlier, an event at another hour — in the action log
 * and in the final state alike, so every check reads the same changed run.
 */

/** A mutant's edit cannot be applied to its run (nothing matches, or the change is impossible). */
export class MutationError extends Error {
  override readonly name = 'MutationError';
}

type State = EvaluationInput['final_state'];
type Entry = ActionLogEntryWithTurn;

function describeRef(ref: ActionRef): string {
  return JSON.stringify(ref);
}

/** The actions `ref` picks, in log order. */
export function pickActions(input: EvaluationInput, ref: ActionRef | undefined): Entry[] {
  const candidates = input.action_log.filter((entry, index) => {
    if (!entry.success) return false;
    if (ref?.index !== undefined && ref.index !== index) return false;
    if (ref?.action !== undefined) {
      const name = ref.action;
      if (name.endsWith('.*') ? !entry.action.startsWith(name.slice(0, -1)) : entry.action !== name)
        return false;
    }
    if (ref?.contains !== undefined) {
      const text = JSON.stringify(entry.parameters).toLowerCase();
      if (!text.includes(ref.contains.toLowerCase())) return false;
    }
    return true;
  });
  return candidates;
}

function pickOne(input: EvaluationInput, ref: ActionRef): Entry {
  const found = pickActions(input, ref)[ref.nth];
  if (found === undefined) throw new MutationError(`no action matches ${describeRef(ref)}`);
  return found;
}

function objectId(entry: Entry): string | undefined {
  const p = entry.parameters;
  const id = p['message_id'] ?? p['event_id'];
  return typeof id === 'string' ? id : undefined;
}

/** The final-state objects an action made or changed (a sent email or text, a chat post, an event). */
function stateObjects(state: State, entry: Entry): Array<Record<string, unknown>> {
  const id = objectId(entry);
  if (id === undefined) return [];
  const found: Array<Record<string, unknown>> = [];
  const email = state.email.emails[id];
  if (email) found.push(email as unknown as Record<string, unknown>);
  const sms = state.sms.messages[id];
  if (sms) found.push(sms as unknown as Record<string, unknown>);
  const chat = state.chat.messages.find((message) => message.message_id === id);
  if (chat) found.push(chat as unknown as Record<string, unknown>);
  const event = state.calendar.events[id];
  if (event) found.push(event as unknown as Record<string, unknown>);
  return found;
}

function replaceStrings(value: unknown, find: string, replace: string): { value: unknown; count: number } {
  if (typeof value === 'string') {
    const parts = value.split(find);
    return { value: parts.join(replace), count: parts.length - 1 };
  }
  if (Array.isArray(value)) {
    let count = 0;
    const out = value.map((item) => {
      const next = replaceStrings(item, find, replace);
      count += next.count;
      return next.value;
    });
    return { value: out, count };
  }
  if (value && typeof value === 'object') {
    let count = 0;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // Ids name things; only what the assistant wrote changes.
      if (/(?:^|_)id$|_ids?$|^references$|address|number/.test(key)) {
        out[key] = item;
        continue;
      }
      const next = replaceStrings(item, find, replace);
      count += next.count;
      out[key] = next.value;
    }
    return { value: out, count };
  }
  return { value, count: 0 };
}

function replaceText(input: EvaluationInput, edit: Extract<Edit, { op: 'replace_text' }>): void {
  let count = 0;
  for (const entry of pickActions(input, edit.in)) {
    const next = replaceStrings(entry.parameters, edit.find, edit.replace);
    if (next.count === 0) continue;
    count += next.count;
    entry.parameters = next.value as Entry['parameters'];
    for (const object of stateObjects(input.final_state, entry)) {
      const changed = replaceStrings(object, edit.find, edit.replace).value as Record<string, unknown>;
      for (const key of Object.keys(changed)) object[key] = changed[key];
    }
  }
  if (count === 0) throw new MutationError(`replace_text: "${edit.find}" is not in any action it may edit`);
}

/** A deterministic id for an added message, so a mutant scores the same every time. */
function newId(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function turnAt(input: EvaluationInput, at: string): number {
  const ms = Date.parse(at);
  const turn = input.turns.find((t) => Date.parse(t.start_time) <= ms && ms <= Date.parse(t.end_time));
  return turn?.turn_number ?? input.turns.at(-1)?.turn_number ?? 1;
}

/** A successful action of the log at `at`, in the turn it falls in unless given. */
function logEntry(
  input: EvaluationInput,
  at: string,
  action: string,
  parameters: Record<string, unknown>,
  turn = turnAt(input, at),
): Entry {
  return {
    message_type: 'action_log_entry',
    turn,
    timestamp: at,
    action,
    parameters,
    success: true,
    error_message: null,
  };
}

function insertByTime(input: EvaluationInput, entry: Entry): void {
  const ms = Date.parse(entry.timestamp);
  const at = input.action_log.findIndex((other) => Date.parse(other.timestamp) > ms);
  if (at < 0) input.action_log.push(entry);
  else input.action_log.splice(at, 0, entry);
}

function addMessage(input: EvaluationInput, edit: Extract<Edit, { op: 'add_message' }>, n: number): void {
  const state = input.final_state;
  const id = newId(`${edit.channel}:${edit.at}:${edit.body}:${n}`);
  if (edit.channel === 'email') {
    const user = state.email.user_email_address;
    const original = edit.in_reply_to === undefined ? undefined : state.email.emails[edit.in_reply_to];
    if (edit.in_reply_to !== undefined && original === undefined) {
      throw new MutationError(`add_message: no email "${edit.in_reply_to}" to reply to`);
    }
    const thread = original?.thread_id ?? newId(`thread:${id}`);
    const params = {
      from_address: user,
      to_addresses: edit.to,
      cc_addresses: edit.cc,
      bcc_addresses: [],
      subject: edit.subject,
      body_text: edit.body,
      attachments: [],
      thread_id: thread,
      in_reply_to: edit.in_reply_to ?? null,
      references: original ? [...original.references, original.message_id] : [],
      priority: 'normal',
      is_draft: false,
      message_id: id,
    };
    insertByTime(input, logEntry(input, edit.at, original ? 'email.reply' : 'email.send', params));
    state.email.emails[id] = {
      ...params,
      reply_to_address: null,
      body_html: null,
      sent_at: edit.at,
      received_at: edit.at,
      is_read: true,
      is_starred: false,
      folder: 'sent',
      labels: [],
    } as unknown as State['email']['emails'][string];
    return;
  }
  const params = {
    from_number: state.sms.user_phone_number,
    to_numbers: edit.to,
    body: edit.body,
    message_type: 'sms',
    attachments: [],
    message_id: id,
  };
  insertByTime(input, logEntry(input, edit.at, 'sms.send_message', params));
  state.sms.messages[id] = {
    message_id: id,
    thread_id: newId(`sms-thread:${id}`),
    from_number: params.from_number,
    to_numbers: edit.to,
    body: edit.body,
    attachments: [],
    reactions: [],
    message_type: 'sms',
    direction: 'outgoing',
    sent_at: edit.at,
    is_read: true,
    delivery_status: 'sent',
    is_deleted: false,
    is_spam: false,
  } as unknown as State['sms']['messages'][string];
}

function addChat(input: EvaluationInput, edit: Extract<Edit, { op: 'add_chat' }>, n: number): void {
  const id = newId(`chat:${edit.at}:${edit.content}:${n}`);
  const conversation = input.final_state.chat.default_conversation_id ?? 'user-assistant';
  const params = {
    role: 'assistant',
    content: edit.content,
    conversation_id: conversation,
    metadata: {},
    message_id: id,
  };
  insertByTime(input, logEntry(input, edit.at, 'chat.send_message', params));
  input.final_state.chat.messages.push({
    message_id: id,
    conversation_id: conversation,
    role: 'assistant',
    content: edit.content,
    timestamp: edit.at,
    metadata: {},
  } as State['chat']['messages'][number]);
}

function respondInvite(input: EvaluationInput, edit: Extract<Edit, { op: 'respond_invite' }>): void {
  const event = input.final_state.calendar.events[edit.event_id];
  if (!event) throw new MutationError(`respond_invite: no event "${edit.event_id}" in the final state`);
  const user = input.final_state.email.user_email_address.toLowerCase();
  const attendee = event.attendees.find((entry) => entry.email.toLowerCase() === user);
  if (!attendee) throw new MutationError(`respond_invite: the user is not invited to "${edit.event_id}"`);
  insertByTime(
    input,
    logEntry(input, edit.at, 'calendar.respond', {
      event_id: edit.event_id,
      attendee_email: attendee.email,
      response: edit.response,
      comment: null,
    }),
  );
  attendee.response = edit.response;
}

function recreateEvent(input: EvaluationInput, edit: Extract<Edit, { op: 'recreate_event' }>): void {
  const entry = pickOne(input, edit.action);
  const id = objectId(entry);
  const events = input.final_state.calendar.events;
  const event = id === undefined ? undefined : events[id];
  if (entry.action !== 'calendar.update' || id === undefined || !event)
    throw new MutationError(
      `recreate_event: ${describeRef(edit.action)} is no update of an event in the final state`,
    );
  const fresh = newId(`recreate:${id}:${entry.timestamp}`);
  const attendees = event.attendees.map((attendee) => ({ ...attendee, response: 'needs-action' as const }));
  const created = {
    ...event,
    event_id: fresh,
    description: null,
    location: null,
    attendees,
    created_at: entry.timestamp,
  };
  delete events[id];
  events[fresh] = created;
  input.action_log.splice(
    input.action_log.indexOf(entry),
    1,
    logEntry(input, entry.timestamp, 'calendar.delete', { event_id: id }, entry.turn),
    logEntry(
      input,
      entry.timestamp,
      'calendar.create',
      {
        event_id: fresh,
        title: event.title,
        start: event.start,
        end: event.end,
        attendees: attendees.map((a) => ({ email: a.email })),
      },
      entry.turn,
    ),
  );
}

function dropAction(input: EvaluationInput, ref: ActionRef): void {
  const entry = pickOne(input, ref);
  input.action_log.splice(input.action_log.indexOf(entry), 1);
  const id = objectId(entry);
  if (id === undefined) return;
  const state = input.final_state;
  const created = entry.action.endsWith('create') || /send|reply|forward/.test(entry.action);
  if (!created) {
    // An update is undone: the event goes back to what it was before the run.
    const before = input.initial_state.calendar.events[id];
    if (before && state.calendar.events[id]) state.calendar.events[id] = structuredClone(before);
    return;
  }
  delete state.email.emails[id];
  delete state.sms.messages[id];
  delete state.calendar.events[id];
  state.chat.messages = state.chat.messages.filter((message) => message.message_id !== id);
}

function retime(input: EvaluationInput, ref: ActionRef, at: string): void {
  const entry = pickOne(input, ref);
  input.action_log.splice(input.action_log.indexOf(entry), 1);
  entry.timestamp = at;
  entry.turn = turnAt(input, at);
  insertByTime(input, entry);
  for (const object of stateObjects(input.final_state, entry)) {
    for (const key of ['sent_at', 'received_at', 'timestamp', 'updated_at']) {
      if (typeof object[key] === 'string') object[key] = at;
    }
  }
}

function setEvent(input: EvaluationInput, edit: Extract<Edit, { op: 'set_event' }>): void {
  const entry = pickOne(input, edit.action);
  if (!entry.action.startsWith('calendar.'))
    throw new MutationError(`set_event: ${entry.action} is not a calendar action`);
  const changes = {
    ...(edit.start !== undefined && edit.end !== undefined ? { start: edit.start, end: edit.end } : {}),
    ...(edit.recurrence !== undefined ? { recurrence: edit.recurrence } : {}),
  };
  entry.parameters = { ...entry.parameters, ...changes };
  const id = objectId(entry);
  const event = id === undefined ? undefined : input.final_state.calendar.events[id];
  if (!event)
    throw new MutationError(`set_event: the event of ${describeRef(edit.action)} is not in the final state`);
  Object.assign(event, changes);
}

/** The run as the careless assistant would have left it. */
export function applyEdits(input: EvaluationInput, edits: readonly Edit[]): EvaluationInput {
  const out = structuredClone(input);
  edits.forEach((edit, n) => {
    switch (edit.op) {
      case 'replace_text':
        return replaceText(out, edit);
      case 'add_message':
        return addMessage(out, edit, n);
      case 'add_chat':
        return addChat(out, edit, n);
      case 'respond_invite':
        return respondInvite(out, edit);
      case 'recreate_event':
        return recreateEvent(out, edit);
      case 'drop_action':
        return dropAction(out, edit.action);
      case 'retime':
        return retime(out, edit.action, edit.at);
      case 'set_event':
        return setEvent(out, edit);
    }
  });
  return out;
}
