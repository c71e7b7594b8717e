import { UesClient, type Email } from '../../../src/ues/client/index.js';
import { PURPLE_UES_PERMISSIONS, USER_ASSISTANT_CONVERSATION } from '../../../src/purple/index.js';
import { startTestUes, type TestUes } from '../../ues/helpers.js';
import type { TriageScenario } from './triage-scenario.js';

/** A real UES for purple tests: an admin client for the "green" side and a purple user key. */
export interface PurpleUes {
  ues: TestUes;
  url: string;
  /** Proctor client (the green's view). */
  admin: UesClient;
  /** The purple key (exactly the purple permissions). */
  purpleKey: { secret: string; keyId: string };
  /** Posts a message as the user in the assistant conversation. */
  postUserMessage(text: string): Promise<void>;
  /** Advances simulated time (what the green does between turns). */
  advance(seconds: number): Promise<number>;
  /** The assistant's chat messages, oldest first. */
  assistantMessages(): Promise<string[]>;
  /** Executed events created with the purple key, as `modality.operation`. */
  purpleActions(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startPurpleUes(
  options: { start?: string; triage?: TriageScenario } = {},
): Promise<PurpleUes> {
  const ues = await startTestUes({
    running: false,
    ...(options.start === undefined ? {} : { start: options.start }),
  });
  const admin = new UesClient({
    baseUrl: ues.url,
    apiKey: ues.adminKey,
    retry: false,
    validateResponses: true,
  });
  try {
    if (options.triage !== undefined) {
      const imported = await ues.call('POST', '/scenario/import/full', { body: options.triage.initialState });
      if (imported.status !== 200)
        throw new Error(`scenario import failed: ${JSON.stringify(imported.body)}`);
    }
    await admin.simulation.start({ auto_advance: false });
    const purpleKey = await ues.createKey([...PURPLE_UES_PERMISSIONS], 'Purple Agent (test)');
    return {
      ues,
      url: ues.url,
      admin,
      purpleKey,
      async postUserMessage(text) {
        await admin.chat.send({ role: 'user', content: text, conversation_id: USER_ASSISTANT_CONVERSATION });
      },
      async advance(seconds) {
        return (await admin.time.advance(seconds)).events_executed;
      },
      async assistantMessages() {
        const page = await admin.chat.query({
          conversation_id: USER_ASSISTANT_CONVERSATION,
          role: 'assistant',
          sort_order: 'asc',
          limit: 1000,
        });
        return page.messages.map((message) =>
          typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
        );
      },
      async purpleActions() {
        const events = await admin.events.list({ agent_id: purpleKey.keyId, status: 'executed' });
        return events.events.map((event) => `${event.modality}.${String(event.data?.['operation'])}`);
      },
      close: () => ues.close(),
    };
  } catch (error) {
    await ues.close();
    throw error;
  }
}

/** Receives an email for the user through the proctor key (as a scripted arrival would). */
export async function receiveEmail(
  admin: UesClient,
  fields: Partial<Pick<Email, 'thread_id' | 'to_addresses'>> & {
    from: string;
    subject: string;
    body: string;
  },
): Promise<void> {
  const state = await admin.email.state({ summary: true });
  await admin.email.receive({
    from_address: fields.from,
    to_addresses: fields.to_addresses ?? [state.user_email_address],
    subject: fields.subject,
    body_text: fields.body,
    ...(fields.thread_id === undefined ? {} : { thread_id: fields.thread_id }),
  });
}
