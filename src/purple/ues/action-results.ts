import type { ChatContent, ChatMessage, ModalityActionResponse } from '../../ues/client/index.js';
import { UesActionFailedError } from '../errors.js';

/** Small helpers shared by the PurpleUESClient methods. */

/** The conversation the green posts the user's task into and reads the assistant's output from. */
export const USER_ASSISTANT_CONVERSATION = 'user-assistant';

/** Most items one UES query returns; larger results are fetched page by page. */
export const UES_PAGE_LIMIT = 1000;

/**
 * Returns the response when its simulator event applied; throws `UesActionFailedError` otherwise.
 * UES answers 200 even when, say, an RSVP names an unknown attendee; the event status tells.
 */
export function requireExecuted(action: string, response: ModalityActionResponse): ModalityActionResponse {
  if (response.status !== 'executed') {
    throw new UesActionFailedError(action, response.status, response.message);
  }
  return response;
}

/** Fetches every page of a paginated UES query. */
export async function collectPages<T>(
  fetchPage: (offset: number, limit: number) => Promise<{ items: T[]; total: number }>,
): Promise<T[]> {
  const all: T[] = [];
  for (;;) {
    const page = await fetchPage(all.length, UES_PAGE_LIMIT);
    all.push(...page.items);
    if (page.items.length === 0 || all.length >= page.total) return all;
  }
}

/** The plain text of a chat message: a string, or the `text` of its text blocks joined by newlines. */
export function chatContentText(content: ChatContent): string {
  if (typeof content === 'string') return content;
  return content
    .map((block) => (typeof block['text'] === 'string' ? block['text'] : ''))
    .filter((text) => text !== '')
    .join('\n');
}

export function chatMessageText(message: ChatMessage): string {
  return chatContentText(message.content);
}

export function toList(value: string | readonly string[]): string[] {
  return typeof value === 'string' ? [value] : [...value];
}
