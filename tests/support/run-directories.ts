import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { DEFAULT_SCENARIOS_DIR, ScenarioManager } from '../../src/green/scenarios/index.js';
import { writeRunRecord, type RunRecord } from '../../src/green/run-record/run-directory.js';
import { TEST_SCENARIOS_DIR, startAgentHarness } from './green-harness.js';
import {
  answerAnn,
  earlyCompletion,
  startScriptedPurple,
  turnComplete,
  type PurpleScript,
} from './scripted-purple.js';

/**
 * Real run directories for tests of rescore and report: a green agent (in-process UES) runs a
 * scripted purple on a scenario and its run record (results.json, evaluation-input.json) is
 * written to `dir`, as `demo` writes it.
 */

/** Answers Ann about lunch, writes Bob, posts an hourly summary (mini_inbox). */
export const MINI_INBOX_PURPLE: PurpleScript = {
  async onTurn({ turn, ues }) {
    if (turn.turn_number > 3) return earlyCompletion();
    if (turn.turn_number === 1) {
      await answerAnn(ues, 'Yes, lunch on Thursday works for me! <b>See you</b> & thanks.');
    }
    await ues.chat.send({
      role: 'assistant',
      content: `Summary for turn ${turn.turn_number}: inbox checked.`,
      conversation_id: 'user-assistant',
    });
    return turnComplete('PT1H');
  },
};

/** Reads unread mail every hour and posts it as a summary (email_triage_basic, 13 turns). */
export const TRIAGE_PURPLE: PurpleScript = {
  async onTurn({ ues }) {
    const unread = await ues.email.query({ is_read: false, sort_by: 'date', sort_order: 'asc' });
    const lines = unread.emails.map((email) => `- ${email.from_address}: ${email.subject}`);
    await ues.chat.send({
      role: 'assistant',
      content: lines.length > 0 ? `Inbox summary:\n${lines.join('\n')}` : 'Quiet hour.',
      conversation_id: 'user-assistant',
    });
    if (unread.emails.length > 0)
      await ues.email.read({ message_ids: unread.emails.map((email) => email.message_id) });
    return turnComplete('PT1H');
  },
};

export interface RunDirectoryOptions {
  scenarioId: 'mini_inbox' | 'email_triage_basic';
  purple: PurpleScript;
  seed?: number;
  /** Green config overrides (models, record_dir, …). */
  config?: Record<string, unknown>;
  /** Injected character and judge model. */
  model?: () => BaseChatModel;
  taskId?: string;
}

/** Runs one assessment and writes its run directory into `dir`; returns the record. */
export async function makeRunDirectory(dir: string, options: RunDirectoryOptions): Promise<RunRecord> {
  let record: RunRecord | undefined;
  const model = options.model;
  const harness = await startAgentHarness({
    config: options.config ?? {},
    agent: {
      ...(model ? { models: () => model() } : {}),
      runRecordSink: async (saved) => {
        record = saved;
      },
    },
  });
  const purple = await startScriptedPurple(options.purple);
  try {
    const scenarios =
      options.scenarioId === 'mini_inbox'
        ? new ScenarioManager(TEST_SCENARIOS_DIR)
        : new ScenarioManager(DEFAULT_SCENARIOS_DIR);
    const { emitter } = harness.recorder();
    await harness.agent.run({
      taskId: options.taskId ?? `task-${options.scenarioId}`,
      participantRole: 'assistant',
      purpleUrl: purple.url,
      scenario: await scenarios.load(options.scenarioId),
      config: { scenario_id: options.scenarioId, seed: options.seed ?? 5 },
      emitter,
      signal: new AbortController().signal,
    });
  } finally {
    await purple.close();
    await harness.close();
  }
  if (record === undefined) throw new Error('the green handed no run record to its sink');
  await writeRunRecord(dir, record);
  return record;
}
