import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import {
  computeScores,
  payloadOfMessage,
  payloadParts,
  startA2AServer,
  TaskUpdateEmitter,
  TaskUpdater,
  type A2AServerHandle,
  type AssessmentResults,
} from '../../../src/protocol/index.js';

export function sampleResults(participant: string): AssessmentResults {
  const criteria = [
    {
      message_type: 'criterion_result' as const,
      criterion_id: 'noise_exclusion',
      name: 'Noise Exclusion',
      dimension: 'accuracy' as const,
      score: 30,
      max_score: 40,
      explanation: 'most noise left out',
      details: { method: 'heuristic' },
    },
    {
      message_type: 'criterion_result' as const,
      criterion_id: 'summary_writing_quality',
      name: 'Summary Writing Quality',
      dimension: 'politeness' as const,
      score: 0,
      max_score: 20,
      explanation: 'needs an LLM judge',
      details: { evaluated: false, reason: 'offline' },
    },
  ];
  return {
    message_type: 'assessment_results',
    assessment_id: 'task-1',
    scenario_id: 'email_triage_basic',
    participant,
    status: 'completed',
    duration_seconds: 1.5,
    turns_taken: 1,
    actions_taken: 1,
    scores: computeScores(criteria),
    criteria_results: criteria,
    action_log: [
      {
        message_type: 'action_log_entry',
        turn: 1,
        timestamp: '2026-01-28T06:00:01Z',
        action: 'chat.send_message',
        parameters: { role: 'assistant', content: 'Quiet hour.' },
        success: true,
      },
    ],
    judge: { model: 'offline', criteria_evaluated: 1, criteria_not_evaluated: 1 },
  };
}

/** A green stand-in: streams a few updates, then the results artifact and `completed`. */
class FakeGreenExecutor implements AgentExecutor {
  requests: unknown[] = [];

  async execute(context: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const updater = TaskUpdater.forRequest(context, bus);
    updater.startTask(context);
    const request = payloadOfMessage(context.userMessage) as
      | {
          participants?: Record<string, string>;
          config?: {
            scenario_id?: string;
            fake_status?: 'failed';
            fake_end_reason?: string;
            /** Repeat the action log's entry this many times (results too large for one stream event). */
            fake_action_log_entries?: number;
          };
        }
      | undefined;
    this.requests.push(request);
    if (request?.config?.scenario_id !== 'email_triage_basic') {
      updater.reject(`Unknown scenario "${request?.config?.scenario_id}". Available: email_triage_basic`);
      return;
    }
    const role = Object.keys(request.participants ?? {})[0]!;
    const emitter = new TaskUpdateEmitter(updater);
    await emitter.turnStarted({ turn_number: 1, current_time: '2026-01-28T06:00:00Z', events_pending: 42 });
    await emitter.actionObserved({
      turn_number: 1,
      timestamp: '2026-01-28T06:00:01Z',
      action: 'chat.send_message',
      parameters: { role: 'assistant', content: 'Quiet hour.' },
      success: true,
    });
    await emitter.log('still working');
    await emitter.criterionEvaluated({
      criterion_id: 'noise_exclusion',
      criterion_name: 'Noise Exclusion',
      dimension: 'accuracy',
      score: 30,
      max_score: 40,
      evaluation_method: 'programmatic',
    });
    await emitter.assessmentCompleted({
      reason: 'scenario_complete',
      end_reason: 'max_turns',
      total_turns: 1,
      total_actions: 1,
      duration_seconds: 1.5,
      overall_score: 30,
      max_score: 40,
    });
    const results = sampleResults(role);
    const entries = request.config.fake_action_log_entries;
    if (entries !== undefined) {
      results.action_log = Array.from({ length: entries }, () => results.action_log[0]!);
      results.actions_taken = entries;
    }
    if (request.config.fake_status !== undefined) {
      results.status = request.config.fake_status;
      results.metadata = { end_reason: request.config.fake_end_reason ?? 'consecutive_failures' };
    }
    updater.addArtifact({ name: 'assessment_results', parts: payloadParts(results) });
    updater.complete();
  }

  async cancelTask(): Promise<void> {}
}

export async function startFakeGreen(): Promise<{ server: A2AServerHandle; executor: FakeGreenExecutor }> {
  const executor = new FakeGreenExecutor();
  const server = await startA2AServer({
    card: {
      name: 'Fake green',
      description: 'test double',
      version: '0.0.0',
      skills: [{ id: 'assess', name: 'Assess', description: 'runs fake assessments', tags: [] }],
    },
    executor,
  });
  return { server, executor };
}
