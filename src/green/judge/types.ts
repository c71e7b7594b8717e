import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { ActionLogEntryWithTurn } from '../../protocol/index.js';
import type {
  CalendarStateResponse,
  ContactsStateResponse,
  ChatStateResponse,
  EmailStateResponse,
  SmsStateResponse,
  TimeState,
  UesClient,
} from '../../ues/client/index.js';
import type { Arrivals } from '../checks/arrivals.js';
import type { GroundTruth } from '../checks/ground-truth.js';
import type { World } from '../checks/world.js';
import type { EvaluationCriterion, ScenarioConfig } from '../scenarios/schema.js';

/**
 * The contract between the green agent and a scenario's checks. A scenario's `evaluators.ts`
 * exports async functions of type `Evaluator`; each is registered under its export name and named
 * by `evaluator_id` in scenario.json. Evaluators see only this context — never green internals.
 */

/** Every modality's `GET /<modality>/state` (plus the clock) at one moment. */
export interface StateSnapshot {
  email: EmailStateResponse;
  sms: SmsStateResponse;
  calendar: CalendarStateResponse;
  chat: ChatStateResponse;
  time: TimeState;
  contacts: ContactsStateResponse;
}

/** What the scenario's oracle needs, the baseline of efficiency budgets. */
export interface OracleBaseline {
  calls: number;
  reads: number;
  writes: number;
  turns: number;
}

/** One turn as the green ran it. */
export interface TurnRecord {
  turn_number: number;
  /** Simulated time when the turn started (ISO 8601). */
  start_time: string;
  /** Simulated time after the turn's time advance (ISO 8601). */
  end_time: string;
  /** The assistant's requested step (ISO 8601 duration), or null when the turn failed. */
  time_step: string | null;
  /** Number of state-changing actions the assistant made in the turn. */
  actions: number;
  /** Read calls (`GET …/state`, `POST …/query`) the assistant made in the turn. */
  reads: number;
  early_completion: boolean;
  /** Why the turn failed (timeout, invalid reply, …), or null. */
  error: string | null;
  /** The purple's own notes (`turn_complete.notes` or the early-completion reason). */
  notes: string | null;
  /** What the green noticed in the turn, e.g. a chat post the user cannot see. */
  green_notes?: string[];
}

export interface EvalContext {
  scenario: ScenarioConfig;
  /** The criterion being evaluated. */
  criterion: EvaluationCriterion;
  /** The user's task as injected into chat. */
  userPrompt: string;
  /** Every state-changing call the assistant made, in order, with turn numbers. */
  actionLog: readonly ActionLogEntryWithTurn[];
  turns: readonly TurnRecord[];
  /** Total read calls the assistant made (they create no events, so they are counted separately). */
  readCount: number;
  initialState: StateSnapshot;
  finalState: StateSnapshot;
  /** A proctor-level client of the assessment's simulator, for read-only queries. */
  client: UesClient;
  /** The judge model, or null when running offline (no LLM): evaluators must then say so. */
  llm: BaseChatModel | null;
  /** Aborted when the assessment is cancelled. */
  signal: AbortSignal;
  /** The user's world: people, their names and roles, known addresses. */
  world: World;
  /** The scenario's answer key (deliverables). */
  groundTruth: GroundTruth;
  /** When each scripted message arrives. */
  arrivals: Arrivals;
  /** The oracle's counts, or null when the scenario has no oracle. */
  oracleBaseline: OracleBaseline | null;
  /** The user's time zone. */
  timeZone: string;
}

export interface EvalResult {
  score: number;
  /** The scale `score` is on; the judge rescales it to the criterion's max_score. */
  max_score: number;
  explanation: string;
  /**
   * Anything that explains the score. Conventions: `method` ("programmatic" | "heuristic" | "llm"),
   * and `evaluated: false` when the criterion could not be scored (e.g. it needs an LLM offline).
   */
  details?: Record<string, unknown>;
}

export type Evaluator = (context: EvalContext, params: Record<string, unknown>) => Promise<EvalResult>;

/** Returned by an evaluator that cannot score without an LLM; the judge leaves it out of totals. */
export function notEvaluated(reason: string, max_score: number): EvalResult {
  return { score: 0, max_score, explanation: reason, details: { evaluated: false, reason } };
}
