import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { decodeFailure, describeDifference, encodeFailure, promptHash } from './call-codec.js';
import { ReplayMismatchError, type RecordingKey } from './errors.js';
import type { CallRequest, RecordedAnswer, RecordedCall, RecordingFile } from './recording-file.js';

/**
 * The model calls of one role (characters, judge, …) in one run, recorded and/or served from a
 * recording. A call is looked up by its prompt's hash and how many calls with that same prompt came
 * before it — not by its position alone, because calls of a role run concurrently and may start in
 * another order from run to run; the position is recorded and named in errors.
 */

export interface ReplaySource {
  file: string;
  /** Undefined when the recorded run made no call of this role. */
  recording: RecordingFile | undefined;
  /** Unmatched calls go to the live model instead of failing. */
  fallthrough: boolean;
}

export interface RoleChannelOptions {
  key: RecordingKey;
  /** The configured model name, written into the recording. */
  model: string;
  /** Builds the live model on first use (so a pure replay needs no provider key). */
  live: () => BaseChatModel;
  replay?: ReplaySource | undefined;
  /** Record every call of this run (replayed or live). */
  record?: boolean;
  /** Told about a replay mismatch before it is thrown (the caller may catch and hide the error). */
  onMismatch?: (error: ReplayMismatchError) => void;
}

/** An answer the live model produced, or the error it failed with (then recorded as a failure). */
export type LiveCall = (model: BaseChatModel) => Promise<Exclude<RecordedAnswer, { type: 'failure' }>>;

export interface RoleCallStats {
  calls: number;
  replayed: number;
  live: number;
  mismatches: number;
  /** Recorded calls this run did not ask for (a replay that made fewer calls). */
  unused: number;
}

export class RoleChannel {
  private nextIndex = 0;
  private readonly occurrences = new Map<string, number>();
  private readonly byHash = new Map<string, RecordedCall[]>();
  private readonly byIndex = new Map<number, RecordedCall>();
  private readonly served = new Set<RecordedCall>();
  private readonly recorded: RecordedCall[] = [];
  private liveModel: BaseChatModel | undefined;
  private readonly counts = { replayed: 0, live: 0, mismatches: 0 };

  constructor(readonly options: RoleChannelOptions) {
    for (const call of options.replay?.recording?.calls ?? []) {
      const list = this.byHash.get(call.prompt_hash) ?? [];
      list.push(call);
      this.byHash.set(call.prompt_hash, list);
      this.byIndex.set(call.index, call);
    }
  }

  get key(): RecordingKey {
    return this.options.key;
  }

  /**
   * Answers one call: from the recording when replaying (or throws ReplayMismatchError), else from
   * the live model. Recorded failures are thrown again as the same error; live failures are
   * recorded and rethrown unchanged. A call aborted by its signal is not recorded.
   */
  async call(
    request: CallRequest,
    live: LiveCall,
    signal?: AbortSignal,
  ): Promise<Exclude<RecordedAnswer, { type: 'failure' }>> {
    const index = this.nextIndex++;
    const hash = promptHash(request);
    const occurrence = this.occurrences.get(hash) ?? 0;
    this.occurrences.set(hash, occurrence + 1);
    const replay = this.options.replay;
    if (replay !== undefined) {
      const found = this.byHash.get(hash)?.[occurrence];
      if (found !== undefined) {
        this.served.add(found);
        this.counts.replayed++;
        this.remember(index, hash, request, found.answer);
        if (found.answer.type === 'failure') throw decodeFailure(found.answer.failure);
        return found.answer;
      }
      if (!replay.fallthrough) throw this.mismatch(index, hash, request, replay);
    }
    signal?.throwIfAborted();
    this.liveModel ??= this.options.live();
    let answer: Exclude<RecordedAnswer, { type: 'failure' }>;
    try {
      answer = await live(this.liveModel);
    } catch (error) {
      if (!signal?.aborted) {
        this.counts.live++;
        this.remember(index, hash, request, { type: 'failure', failure: encodeFailure(error) });
      }
      throw error;
    }
    this.counts.live++;
    this.remember(index, hash, request, answer);
    return answer;
  }

  /** The run's calls in the order they started, when recording; else undefined. */
  recording(): RecordingFile | undefined {
    if (!this.options.record) return undefined;
    const { key, model } = this.options;
    return {
      format: 'ues-agentbeats/model-calls',
      version: 1,
      scenario_id: key.scenarioId,
      content_hash: key.contentHash,
      seed: key.seed,
      role: key.role,
      model,
      calls: [...this.recorded].sort((a, b) => a.index - b.index),
    };
  }

  stats(): RoleCallStats {
    const recordedCalls = this.options.replay?.recording?.calls.length ?? 0;
    return {
      calls: this.nextIndex,
      ...this.counts,
      unused: this.options.replay ? recordedCalls - this.served.size : 0,
    };
  }

  private remember(index: number, hash: string, request: CallRequest, answer: RecordedAnswer): void {
    if (this.options.record) this.recorded.push({ index, prompt_hash: hash, request, answer });
  }

  private mismatch(
    index: number,
    hash: string,
    request: CallRequest,
    replay: ReplaySource,
  ): ReplayMismatchError {
    this.counts.mismatches++;
    const difference =
      replay.recording === undefined
        ? 'the recorded run made no call of this role'
        : describeDifference(request, this.byIndex.get(index)?.request);
    const error = new ReplayMismatchError(this.options.key, index, hash, difference, replay.file);
    this.options.onMismatch?.(error);
    return error;
  }
}
