/**
 * The purple kit: what assistant builders use to take part in a UES AgentBeats assessment.
 * Extend `BasePurpleAgent`, register it (or pass a factory) and `startPurpleServer`. The kit
 * handles A2A, the assessment lifecycle and the protocol replies; `PurpleUESClient` gives the
 * agent the user's email, calendar, SMS and chat. See docs/PURPLE_AGENT_GUIDE.md.
 */
import { registerBaselineAgents } from './baselines/index.js';

export {
  BasePurpleAgent,
  completeEarly,
  completeTurn,
  defaultTimeStep,
  type AssessmentContext,
  type BasePurpleAgentOptions,
  type TurnContext,
  type TurnOutcome,
} from './base-agent.js';
export {
  AssessmentHandler,
  InvalidTurnOutcomeError,
  type AssessmentHandlerOptions,
  type AssessmentPhase,
  type HandlerReply,
} from './handler.js';
export { PurpleAgentExecutor, type PurpleAgentExecutorOptions, type PurpleAgentFactory } from './executor.js';
export {
  createPurpleAgent,
  getPurpleAgent,
  listPurpleAgents,
  registerPurpleAgent,
  unregisterPurpleAgent,
  type PurpleAgentOptions,
  type RegisteredAgent,
  type RegisteredAgentFactory,
} from './registry.js';
export { startPurpleServer, type PurpleServerHandle, type PurpleServerOptions } from './server.js';
export {
  PurpleUESClient,
  type PurpleUESClientOptions,
  type ReplyOptions,
  type SendEmailInput,
} from './ues/purple-ues-client.js';
export { USER_ASSISTANT_CONVERSATION, chatContentText, chatMessageText } from './ues/action-results.js';
export { dayBounds, type DayBounds } from './ues/time-zones.js';
export { PURPLE_PERMISSION_TABLE, PURPLE_UES_PERMISSIONS, type PurplePermission } from './permissions.js';
export * from './errors.js';
export {
  LlmAgent,
  McpAgent,
  NoopAgent,
  RuleBasedAgent,
  asksForEmailSummaries,
  createLlmAgent,
  createMcpAgent,
  registerBaselineAgents,
  type LlmAgentOptions,
} from './baselines/index.js';

registerBaselineAgents();
