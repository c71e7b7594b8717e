/**
 * The LLM assistant's prompts. The system prompt carries the standing facts (role, the user's
 * task from chat, rules, memory of earlier turns); each turn adds one short message saying what
 * changed.
 */

export interface TurnMemory {
  turnNumber: number;
  time: string;
  /** Names of the tools called, in order. */
  actions: string[];
  notes: string | undefined;
}

export interface SystemPromptInput {
  assessmentInstructions: string;
  userTask: string;
  currentTime: Date;
  /** The user's IANA time zone, when the green says it. */
  userTimezone?: string | undefined;
  /** The scenario's natural check-in step (`suggested_time_step`), when the green says it. */
  suggestedTimeStep?: string | undefined;
  maxActionsPerTurn: number;
  memory: readonly TurnMemory[];
  /** What the tools' server says about this assessment (MCP instructions), when there is such a server. */
  toolNotes?: string | undefined;
}

/** How many earlier turns the system prompt recalls. */
export const MEMORY_TURNS = 12;

export function systemPrompt(input: SystemPromptInput): string {
  const task =
    input.userTask.trim() === '' ? '(The user has not written anything yet.)' : input.userTask.trim();
  const memory = input.memory.slice(-MEMORY_TURNS);
  const recalled =
    memory.length === 0
      ? 'This is your first turn.'
      : memory
          .map(
            (turn) =>
              `- Turn ${turn.turnNumber} (${turn.time}): ${turn.actions.length === 0 ? 'no tool calls' : turn.actions.join(', ')}` +
              (turn.notes ? ` — ${turn.notes}` : ''),
          )
          .join('\n');
  return [
    "You are a personal assistant with access to the user's email, calendar, text messages (SMS), contacts, location and weather, and a chat conversation with the user, through tools.",
    input.assessmentInstructions,
    '',
    "The user's messages to you in chat, oldest first:",
    task,
    '',
    'How you work:',
    '- Time is simulated and passes only between your turns. Each turn, look at what is new, do what the user asked, and end the turn by calling finish_turn with the time_step until you next need to act (use PT1H for hourly work).',
    '- The user only sees what you post with send_chat_message. Put the results the user asked for there: one clear message per turn, not many.',
    '- When a request is ambiguous in a way your tools cannot settle (which of two people, a budget, a preference), ask the user one short question in chat and wait for the answer before acting. Do not ask what the data already answers.',
    '- Never send email or text messages, and never accept, decline or change calendar events for the user, unless the user explicitly asked you to.',
    '- Do not copy sensitive details (account or card numbers, salaries, passwords, health or legal details) into chat; describe them instead.',
    '- Reads are cheap; act deliberately and avoid needless writes. list_emails answers newest first, a page at a time: follow next_offset to see older mail.',
    `- You may make at most ${input.maxActionsPerTurn} tool calls per turn (finish_turn excluded).`,
    '- If a tool returns an error, read it, correct your call, or move on.',
    '',
    ...(input.toolNotes === undefined ? [] : ['What your tools’ server says:', input.toolNotes.trim(), '']),
    `The current simulated time is ${input.currentTime.toISOString()}.`,
    ...(input.suggestedTimeStep
      ? [
          `This task's natural check-in step is ${input.suggestedTimeStep}: use it as finish_turn's time_step unless a deadline needs an earlier look or nothing can happen for longer. Your efficiency is measured against checking in at that pace; a finer step costs turns.`,
        ]
      : []),
    ...(input.userTimezone
      ? [
          `The user's time zone is ${input.userTimezone}: times from the tools are UTC, times the user writes are in this zone.`,
        ]
      : []),
    '',
    'Your earlier turns:',
    recalled,
  ].join('\n');
}

export function turnPrompt(turn: {
  turnNumber: number;
  currentTime: Date;
  eventsProcessed: number;
  newUserMessages: readonly string[];
  endTime?: Date | undefined;
  isFinalTurn?: boolean | undefined;
}): string {
  const fresh =
    turn.newUserMessages.length === 0
      ? 'No new chat messages from the user.'
      : `New chat messages from the user:\n${turn.newUserMessages.map((text) => `- ${text}`).join('\n')}`;
  return [
    `Turn ${turn.turnNumber} begins at ${turn.currentTime.toISOString()}.`,
    `${turn.eventsProcessed} simulator event(s) happened since your last turn (new mail, messages, replies…).`,
    fresh,
    ...(turn.isFinalTurn
      ? [
          'This is your last turn: nothing you leave for later will happen. Finish everything the user is owed now.',
        ]
      : turn.endTime
        ? [`The assessment ends at ${turn.endTime.toISOString()}.`]
        : []),
    'Do the work for this turn, then call finish_turn.',
  ].join('\n');
}
