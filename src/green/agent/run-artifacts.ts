import type { Logger } from 'pino';
import type { ModelRecording } from '../../llm/index.js';
import { setMaxListeners } from 'node:events';
import { TASK_SIGNAL_MAX_LISTENERS, parseResults, type AssessmentResults } from '../../protocol/index.js';
import { buildEvaluationInput, type EvaluationInput } from '../run-record/evaluation-input.js';
import type { RunRecordSink } from '../run-record/run-directory.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import { AssessmentCanceledError, partialResultsOf } from './errors.js';
import type { ScoringInput } from './evaluation.js';
import { modelCallsMetadata } from './run-models.js';

/**
 * What one run leaves besides its results artifact: the model-call recording (written on close),
 * the run record (results + evaluation input) for each sink, and `metadata.model_calls` on the
 * results of a recorded or replayed run. A replay mismatch stops the run: its signal aborts, and
 * the mismatch — not a cancellation — is the run's error.
 */
export class RunArtifacts {
  private scoringInput: ScoringInput | undefined;
  private readonly detach: Array<() => void> = [];

  constructor(
    private readonly options: {
      taskId: string;
      scenario: LoadedScenario;
      seed: number;
      /** The seed was the one the replay folder held, none being given. */
      seedFromRecording?: boolean;
      recording: ModelRecording | undefined;
      sinks: readonly RunRecordSink[];
      logger: Logger;
    },
  ) {}

  /**
   * The run's signal: the caller's, and a replay mismatch. A plain controller rather than
   * `AbortSignal.any`: every simulator request of the run derives its own signal from this one,
   * and composite signals made each of those measurably slower.
   */
  signal(callerSignal: AbortSignal): AbortSignal {
    const recording = this.options.recording;
    if (!recording) return callerSignal;
    const controller = new AbortController();
    // Every concurrent model call of the run listens to it, as to the caller's.
    setMaxListeners(TASK_SIGNAL_MAX_LISTENERS, controller.signal);
    const forward = (source: AbortSignal) => () => controller.abort(source.reason);
    for (const source of [callerSignal, recording.mismatchSignal]) {
      if (source.aborted) controller.abort(source.reason);
      else {
        const listener = forward(source);
        source.addEventListener('abort', listener, { once: true });
        this.detach.push(() => source.removeEventListener('abort', listener));
      }
    }
    return controller.signal;
  }

  readonly onScoringInput = (input: ScoringInput): void => {
    this.scoringInput = input;
  };

  /** The results with `metadata.model_calls` when recording or replaying; the record handed to the sinks. */
  async finish(results: AssessmentResults): Promise<AssessmentResults> {
    const recording = this.options.recording;
    const final = recording
      ? parseResults({
          ...results,
          metadata: {
            ...results.metadata,
            model_calls: modelCallsMetadata(recording.summary(), this.options.seedFromRecording),
          },
        })
      : results;
    await this.deliver(final, this.evaluationInput());
    return final;
  }

  /**
   * The error the run really ended with: a replay mismatch rather than the cancellation it caused.
   * Partial results of a failed run still reach the sinks, with what their scoring read.
   */
  async explain(error: unknown, callerSignal: AbortSignal): Promise<unknown> {
    const mismatch = this.options.recording?.mismatchSignal;
    const explained =
      mismatch?.aborted && !callerSignal.aborted && error instanceof AssessmentCanceledError
        ? mismatch.reason
        : error;
    const partial = partialResultsOf(error);
    if (partial !== undefined) await this.deliver(partial, this.evaluationInput());
    return explained;
  }

  /** Writes the model-call recording; a failure to write is logged, never the run's error. */
  async close(): Promise<void> {
    for (const detach of this.detach.splice(0)) detach();
    try {
      const files = await this.options.recording?.close();
      if (files && files.length > 0) this.options.logger.info({ files }, 'model calls recorded');
    } catch (error) {
      this.options.logger.error({ err: error }, 'could not write the model-call recording');
    }
  }

  private evaluationInput(): EvaluationInput | undefined {
    const input = this.scoringInput;
    if (input === undefined) return undefined;
    const { scenario } = this.options;
    return {
      ...buildEvaluationInput({
        scenarioId: scenario.config.scenario_id,
        contentHash: scenario.contentHash,
        actionLog: input.actionLog,
        turns: input.turns,
        readCount: input.readCount,
        initialState: input.initialState,
        finalState: input.finalState,
        finalStateReadAfterTurn: input.finalStateReadAfterTurn,
      }),
      assessment_id: this.options.taskId,
      seed: this.options.seed,
    };
  }

  private async deliver(
    results: AssessmentResults,
    evaluationInput: EvaluationInput | undefined,
  ): Promise<void> {
    for (const sink of this.options.sinks) {
      try {
        await sink({ results, evaluationInput });
      } catch (error) {
        this.options.logger.error(
          { err: error },
          'could not save the run record (results, evaluation input)',
        );
      }
    }
  }
}
