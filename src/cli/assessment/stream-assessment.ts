import type { Artifact, Part, StreamResponse, Task } from '@a2a-js/sdk';
import {
  A2AAgentClient,
  A2AClientError,
  isTerminalState,
  parseResults,
  parseSuiteResults,
  parseUpdate,
  payloadOfParts,
  taskStateName,
  textPart,
  textsOf,
  type AssessmentResults,
  type JsonObject,
  type SuiteResults,
  type TaskStateName,
  type TaskUpdate,
} from '../../protocol/index.js';

/** What the platform sends a green agent: participants by role, and the assessment config. */
export interface AssessmentRequest {
  participants: Record<string, string>;
  config: Record<string, unknown>;
}

export interface AssessmentListener {
  onUpdate?(update: TaskUpdate): void;
  /** Status text that carried no update (heartbeats, rejections, failures). */
  onStatusText?(state: TaskStateName, text: string): void;
  /** Each `assessment_results` artifact as it arrives (a suite sends one per trial). */
  onResults?(raw: JsonObject, results: AssessmentResults): void;
}

export interface AssessmentOutcome {
  /** The task's last state (completed, failed, rejected, canceled, …). */
  state: TaskStateName;
  /** The results artifact, validated; undefined when the green sent none. */
  results: AssessmentResults | undefined;
  /** The artifact's raw JSON object, exactly as sent (written to results.json). */
  rawResults: JsonObject | undefined;
  /** Every `assessment_results` artifact in arrival order (a suite sends one per trial). */
  trialResults: Array<{ raw: JsonObject; results: AssessmentResults }>;
  /** The `suite_results` artifact of a suite or multi-trial assessment. */
  suite: { raw: JsonObject; results: SuiteResults } | undefined;
  /** The last status message text (why a task was rejected or failed). */
  statusText: string | undefined;
  updates: TaskUpdate[];
}

const RESULTS_ARTIFACT = 'assessment_results';
const SUITE_ARTIFACT = 'suite_results';

/**
 * Sends an assessment request to a green agent the way the AgentBeats gateway does (one JSON
 * TextPart, streamed) and follows it to its terminal state.
 */
export async function streamAssessment(
  greenUrl: string,
  request: AssessmentRequest,
  listener: AssessmentListener = {},
  options: { timeoutMs?: number; signal?: AbortSignal; headers?: Readonly<Record<string, string>> } = {},
): Promise<AssessmentOutcome> {
  const client = await A2AAgentClient.connect(greenUrl, {
    callTimeoutMs: options.timeoutMs ?? 6 * 60 * 60 * 1000,
    ...(options.headers ? { headers: options.headers } : {}),
  });
  const outcome: AssessmentOutcome = {
    state: 'submitted',
    results: undefined,
    rawResults: undefined,
    trialResults: [],
    suite: undefined,
    statusText: undefined,
    updates: [],
  };
  const seen: SeenSoFar = { taskId: undefined, artifacts: new Set() };
  try {
    const events = client.stream([textPart(JSON.stringify(request))], {
      ...(options.signal ? { signal: options.signal } : {}),
    });
    try {
      for await (const event of events) handleEvent(event, outcome, listener, seen);
    } catch (error) {
      if (!isEventTooLarge(error) || seen.taskId === undefined) throw error;
      // The SDK's client refuses a stream event over 4 MiB (not configurable), e.g. the results of
      // a long busy run: the green goes on regardless, so read the rest from the task itself.
      await followTask(client, seen.taskId, outcome, listener, seen, options.signal);
    }
  } finally {
    await client.close();
  }
  return outcome;
}

/** What the stream showed so far: the task, and the artifacts taken (by id). */
interface SeenSoFar {
  taskId: string | undefined;
  artifacts: Set<string>;
}

const TASK_POLL_MS = 500;

function isEventTooLarge(error: unknown): boolean {
  return (
    error instanceof A2AClientError &&
    error.cause instanceof Error &&
    /exceeded the maximum allowed size/.test(error.cause.message)
  );
}

/** Polls the task (without its history) until it ends, then takes the artifacts the stream missed. */
async function followTask(
  client: A2AAgentClient,
  taskId: string,
  outcome: AssessmentOutcome,
  listener: AssessmentListener,
  seen: SeenSoFar,
  signal: AbortSignal | undefined,
): Promise<void> {
  for (;;) {
    const task = await client.getTask(taskId, { historyLength: 0, ...(signal ? { signal } : {}) });
    const state = taskStateName(task.status?.state);
    if (isTerminalState(task.status?.state) || state === 'input-required' || state === 'auth-required') {
      handleTask(task, outcome, listener, seen);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, TASK_POLL_MS));
    signal?.throwIfAborted();
  }
}

function handleEvent(
  event: StreamResponse,
  outcome: AssessmentOutcome,
  listener: AssessmentListener,
  seen: SeenSoFar,
): void {
  const payload = event.payload;
  if (!payload) return;
  switch (payload.$case) {
    case 'task':
      return handleTask(payload.value, outcome, listener, seen);
    case 'statusUpdate': {
      seen.taskId ||= payload.value.taskId;
      const status = payload.value.status;
      if (!status) return;
      outcome.state = taskStateName(status.state);
      const parts = status.message?.parts ?? [];
      handleStatusParts(parts, outcome, listener);
      return;
    }
    case 'artifactUpdate': {
      seen.taskId ||= payload.value.taskId;
      const artifact = payload.value.artifact;
      if (artifact) takeArtifact(artifact, outcome, listener, seen);
      return;
    }
    case 'message': {
      const text = textsOf(payload.value.parts).join('\n');
      if (text) outcome.statusText = text;
      return;
    }
  }
}

function handleTask(
  task: Task,
  outcome: AssessmentOutcome,
  listener: AssessmentListener,
  seen: SeenSoFar,
): void {
  seen.taskId ||= task.id;
  if (task.status) outcome.state = taskStateName(task.status.state);
  for (const artifact of task.artifacts ?? []) takeArtifact(artifact, outcome, listener, seen);
}

function handleStatusParts(
  parts: readonly Part[],
  outcome: AssessmentOutcome,
  listener: AssessmentListener,
): void {
  const data = payloadOfParts(parts);
  if (data && typeof data.message_type === 'string' && data.message_type.startsWith('update_')) {
    const update = parseUpdate(data);
    outcome.updates.push(update);
    listener.onUpdate?.(update);
    return;
  }
  const text = textsOf(parts).join('\n').trim();
  if (text) {
    outcome.statusText = text;
    listener.onStatusText?.(outcome.state, text);
  }
}

function takeArtifact(
  { artifactId, name, parts }: Artifact,
  outcome: AssessmentOutcome,
  listener: AssessmentListener,
  seen: SeenSoFar,
): void {
  if (name !== RESULTS_ARTIFACT && name !== SUITE_ARTIFACT) return;
  // A task re-sent (or read after the stream broke) lists artifacts already taken.
  if (artifactId) {
    if (seen.artifacts.has(artifactId)) return;
    seen.artifacts.add(artifactId);
  }
  const data = payloadOfParts(parts);
  if (!data) return;
  if (name === SUITE_ARTIFACT) {
    outcome.suite = { raw: data, results: parseSuiteResults(data) };
    return;
  }
  outcome.rawResults = data;
  outcome.results = parseResults(data);
  outcome.trialResults.push({ raw: data, results: outcome.results });
  listener.onResults?.(data, outcome.results);
}
