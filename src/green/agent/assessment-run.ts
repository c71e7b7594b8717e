import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Logger } from 'pino';
import {
  ASSESSMENT_INSTRUCTIONS,
  type AssessmentResults,
  type TaskUpdateEmitter,
} from '../../protocol/index.js';
import { UesClientError, type ScenarioInput, type UesClient } from '../../ues/client/index.js';
import type { AssessmentConfig } from '../assessment/assessment-config.js';
import { ActionLogBuilder } from '../assessment/action-log-builder.js';
import { userContextOf, type PurpleGrant } from '../mcp/grant.js';
import { NewMessageCollector } from '../assessment/new-message-collector.js';
import { PURPLE_PERMISSIONS } from '../assessment/purple-permissions.js';
import { ReadCounter } from '../assessment/read-counter.js';
import { buildInitialStateSummary, captureStateSnapshot } from '../assessment/state-snapshot.js';
import { TurnStateReader } from '../assessment/turn-state-reader.js';
import { userTimeZone, withUserConversationAsDefault } from '../assessment/user-context.js';
import { ResponseGenerator, seededRandom } from '../characters/index.js';
import type { StateSnapshot } from '../judge/index.js';
import type { LoadedScenario } from '../scenarios/loader.js';
import {
  AssessmentCanceledError,
  AssessmentError,
  AssessmentFailedError,
  SimulatorFailedError,
  throwIfCanceled,
} from './errors.js';
import { evaluateAssessment, type ScoringInput } from './evaluation.js';
import { evaluatePartialRun } from './partial-results.js';
import type { PurpleChannel } from './purple-channel.js';
import { buildResults, purpleEndReason } from './results.js';
import { COMPLETION_NOTICE_TIMEOUT_MS, ERROR_NOTICE_TIMEOUT_MS, type RunSettings } from './run-settings.js';
import { TurnEndProcessor, reportActions } from './turn-end.js';
import { notifyPurpleOfEnd, sendAssessmentStart } from './purple-notices.js';
import { TriggerEngine } from '../assessment/triggers.js';
import type { FaultInjector, NoiseSettings } from '../runtime/ues-proxy-noise.js';
import { TurnLoop } from './turn-loop.js';

/**
 * One assessment, start to finish: set up the simulator, hand the purple a key, run the turns,
 * close the purple's access, evaluate, tell the purple it is over. On every path out the purple's
 * access is closed and its key revoked; a failure after the turns began still yields the results
 * recorded so far, scored on the last state the green read (AssessmentFailedError.partialResults).
 */

export interface AssessmentRunInput {
  taskId: string;
  participantRole: string;
  purpleUrl: string;
  scenario: LoadedScenario;
  config: AssessmentConfig;
  emitter: TaskUpdateEmitter;
  signal: AbortSignal;
}

/** The purple's way into its UES (the green's proxy, and its MCP server), which the green opens and closes. */
export interface PurpleAccess {
  open(): void;
  /** Admits the purple's key on the MCP endpoint, with what its tools tell about the user. */
  grant?(grant: PurpleGrant): void;
  /** Refuses new purple requests; resolves once those in flight are done (or cut off). */
  close(reason: string): Promise<void>;
  /** Injects the scenario's noise into the purple's requests; what was injected is read at the end. */
  injectNoise?(settings: NoiseSettings, seed: number): FaultInjector | undefined;
}

export interface AssessmentRunEnvironment {
  /** Proctor client of this context's UES (no retries: advances must not be applied twice). */
  client: UesClient;
  /** What the purple is told the UES URL is: the green's proxy, never the loopback address. */
  uesUrlForPurple: string;
  /** The assessment's MCP endpoint, when the green serves one (`mcp_url`). */
  mcpUrlForPurple?: string | undefined;
  purpleAccess: PurpleAccess;
  purple: PurpleChannel;
  settings: RunSettings;
  models: { response: BaseChatModel; evaluation: BaseChatModel | null };
  logger: Logger;
  setActivity(text: string): void;
  /** Told what the evaluation reads (saved as evaluation-input.json for rescoring). */
  onScoringInput?: ((input: ScoringInput) => void | Promise<void>) | undefined;
  /** The error a failure is reported as: e.g. the simulator's death behind a refused connection. */
  explainFailure?: ((error: unknown) => Promise<unknown>) | undefined;
}

export async function runAssessment(
  input: AssessmentRunInput,
  env: AssessmentRunEnvironment,
): Promise<AssessmentResults> {
  return new AssessmentRun(input, env).execute();
}

/** What the run has recorded so far, once the turns have begun. */
interface Recording {
  actionLog: ActionLogBuilder;
  reads: ReadCounter;
  loop: TurnLoop;
  initialState: StateSnapshot;
  /** The last state the green read (rendered on demand), and after which turn (0: the initial state). */
  lastState: { snapshot: () => Promise<StateSnapshot>; afterTurn: number };
  state: TurnStateReader;
  /** The scenario's conditional events and what they set off. */
  triggers: TriggerEngine;
}

class AssessmentRun {
  private readonly startedAtMs = Date.now();
  private purpleKeyId: string | undefined;
  private keyRevoked = false;
  private accessClosed = false;
  private recording: Recording | undefined;
  /** The scenario's noise in the purple's requests, when it has any. */
  private faults: FaultInjector | undefined;

  constructor(
    private readonly input: AssessmentRunInput,
    private readonly env: AssessmentRunEnvironment,
  ) {}

  async execute(): Promise<AssessmentResults> {
    try {
      return await this.assess();
    } catch (caught) {
      await this.endPurpleAccess('the assessment ended with an error');
      if (this.input.signal.aborted) {
        await notifyPurpleOfEnd('error', ERROR_NOTICE_TIMEOUT_MS, this.env);
        throw caught instanceof AssessmentCanceledError
          ? caught
          : new AssessmentCanceledError(this.input.signal.reason);
      }
      const error = (await this.env.explainFailure?.(caught)) ?? caught;
      this.env.logger.error({ err: error }, 'assessment failed');
      await this.input.emitter.errorOccurred({
        error_type:
          causedByUes(caught) || error instanceof SimulatorFailedError ? 'ues_error' : 'internal_error',
        error_message: error instanceof Error ? error.message : String(error),
        recoverable: false,
      });
      await notifyPurpleOfEnd('error', ERROR_NOTICE_TIMEOUT_MS, this.env);
      const partial = await this.partialResults(error);
      throw partial === undefined ? error : new AssessmentFailedError(error, partial);
    }
  }

  /**
   * Everything recorded before `error`, when the turns had begun: the turn under way is recorded
   * as interrupted, and the criteria are scored on the last state the green read.
   */
  private async partialResults(error: unknown): Promise<AssessmentResults | undefined> {
    const recording = this.recording;
    if (recording === undefined) return undefined;
    const { actionLog, reads, loop, lastState } = recording;
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
    loop.recordInterrupted(reason, actionLog.log, reads.totalReads);
    // The simulator may be dead; what it still reports is added, what it cannot is lost.
    await this.collectLateActions(recording).catch((sweepError: unknown) =>
      this.env.logger.warn({ err: sweepError }, 'could not collect the last actions after the failure'),
    );
    try {
      const record = {
        actionLog: actionLog.log,
        turns: loop.turns,
        readCount: reads.totalReads,
        initialState: recording.initialState,
        finalState: await lastState.snapshot(),
        finalStateReadAfterTurn: lastState.afterTurn,
      };
      await this.env.onScoringInput?.(record);
      const { taskId, participantRole, scenario, signal } = this.input;
      const { settings, models, logger } = this.env;
      return await evaluatePartialRun(
        { taskId, participantRole, settings, startedAtMs: this.startedAtMs, record },
        error,
        {
          scenario,
          evaluationModel: models.evaluation,
          evaluationModelName: settings.evaluationModel,
          logger,
          signal,
        },
      );
    } catch (buildError) {
      this.env.logger.error({ err: buildError }, 'could not build the partial results');
      return undefined;
    }
  }

  private async assess(): Promise<AssessmentResults> {
    const { scenario, emitter, signal } = this.input;
    const { client, settings } = this.env;
    const config = scenario.config;

    this.env.setActivity('loading the scenario into the simulator');
    // A chat post without conversation_id must reach the user, not the simulator's "default".
    const uesScenario = withUserConversationAsDefault(scenario.initialState, config.chat_conversation_id);
    // A new assessment in a context whose previous one closed the purple's access.
    this.env.purpleAccess.open();
    if (config.noise) this.faults = this.env.purpleAccess.injectNoise?.(config.noise, settings.seed);
    // Ids derived from the run's seed: one seed and the same behaviour give one action log, and
    // prompts that name what the assistant created are the same in a replay.
    await this.step('resetting the simulator', () =>
      client.simulation.clear({ id_seed: `run-${settings.seed}` }, { signal }),
    );
    await this.step('importing the scenario into UES', () =>
      client.scenario.importFull(
        {
          scenario: uesScenario.scenario as unknown as ScenarioInput,
          strict_modalities: uesScenario.strict_modalities,
        },
        { signal },
      ),
    );
    await this.step('starting the simulation', () =>
      client.simulation.start({ auto_advance: false }, { signal }),
    );
    const startTime = (await client.time.get({ signal })).current_time;
    await emitter.assessmentStarted({
      assessment_id: this.input.taskId,
      scenario_id: config.scenario_id,
      participant_url: this.input.purpleUrl,
      participant_role: this.input.participantRole,
      start_time: startTime,
    });

    const key = await this.step('creating the purple key', () =>
      client.keys.create(
        { name: `Purple Agent (${this.input.taskId})`.slice(0, 100), permissions: [...PURPLE_PERMISSIONS] },
        { signal },
      ),
    );
    this.purpleKeyId = key.key_id;
    // The user's task reaches the purple only through chat, as it would reach a real assistant.
    await this.step('posting the user prompt to chat', () =>
      client.chat.send(
        { role: 'user', content: config.user_prompt, conversation_id: config.chat_conversation_id },
        { signal },
      ),
    );
    const initialState = await captureStateSnapshot(client, { signal });
    const collector = new NewMessageCollector(client);
    collector.initializeFrom(initialState);
    await emitter.scenarioLoaded({
      scenario_id: config.scenario_id,
      scenario_name: config.name,
      criteria_count: config.criteria.length,
      character_count: Object.keys(config.characters).length,
    });

    this.env.purpleAccess.grant?.({
      apiKey: key.secret,
      user: userContextOf(initialState, config.chat_conversation_id),
    });
    this.env.setActivity('sending assessment_start to the purple');
    await sendAssessmentStart(
      {
        message_type: 'assessment_start',
        ues_url: this.env.uesUrlForPurple,
        api_key: key.secret,
        ...(this.env.mcpUrlForPurple === undefined ? {} : { mcp_url: this.env.mcpUrlForPurple }),
        assessment_instructions: ASSESSMENT_INSTRUCTIONS,
        current_time: initialState.time.current_time,
        initial_state_summary: buildInitialStateSummary(initialState),
        user_timezone: this.userTimezone(initialState),
        // The pace the efficiency budgets assume; without it an assistant can only guess (issue 29).
        suggested_time_step: config.default_time_step,
      },
      { ...this.env, emitter, signal },
    );
    const actionLog = new ActionLogBuilder(key.key_id, { userConversationId: config.chat_conversation_id });
    const reads = new ReadCounter(client, key.key_id);
    // The mirror starts from what the simulator imported (the user's conversation as the default).
    const state = TurnStateReader.forScenario(client, collector, uesScenario, this.env.logger);
    const triggers = new TriggerEngine(scenario.config, scenario.world, initialState);
    const loop = this.turnLoop(key.key_id, actionLog, reads, state, initialState, triggers);
    this.recording = {
      actionLog,
      reads,
      loop,
      initialState,
      lastState: { snapshot: () => Promise.resolve(initialState), afterTurn: 0 },
      state,
      triggers,
    };
    const endReason = await loop.run();
    // No more changes from the purple once the turns are over; evaluation sees a settled state,
    // and anything the purple's key did while answering the last turn is still logged.
    await this.endPurpleAccess('the assessment’s turns are over');
    await this.step('collecting the purple’s last actions', () => this.collectLateActions(this.recording!));

    const evaluation = await evaluateAssessment(
      { actionLog: actionLog.log, turns: loop.turns, readCount: reads.totalReads, initialState },
      {
        scenario,
        client,
        emitter,
        evaluationModel: this.env.models.evaluation,
        evaluationModelName: settings.evaluationModel,
        logger: this.env.logger,
        signal,
        setActivity: this.env.setActivity,
        onScoringInput: this.env.onScoringInput,
      },
    );
    await notifyPurpleOfEnd(
      purpleEndReason(endReason),
      Math.min(settings.turnTimeoutMs, COMPLETION_NOTICE_TIMEOUT_MS),
      this.env,
    );
    const results = buildResults({
      taskId: this.input.taskId,
      participantRole: this.input.participantRole,
      scenario,
      settings,
      endReason,
      startedAtMs: this.startedAtMs,
      turnsTaken: loop.turns.length,
      readCount: reads.totalReads,
      actionLog: actionLog.log,
      evaluation,
      triggersFired: triggers.hasTriggers ? triggers.history : undefined,
      injectedFaults: this.faults?.summary(),
    });
    await emitter.assessmentCompleted({
      reason: purpleEndReason(endReason),
      end_reason: endReason,
      total_turns: results.turns_taken,
      total_actions: results.actions_taken,
      duration_seconds: results.duration_seconds,
      overall_score: results.scores.overall.score,
      max_score: results.scores.overall.max_score,
    });
    return results;
  }

  private turnLoop(
    purpleKeyId: string,
    actionLog: ActionLogBuilder,
    reads: ReadCounter,
    state: TurnStateReader,
    initialState: StateSnapshot,
    triggers: TriggerEngine,
  ): TurnLoop {
    const { scenario, emitter, signal } = this.input;
    const { client, settings, logger } = this.env;
    const responder = new ResponseGenerator({
      client,
      scenario: scenario.config,
      model: this.env.models.response,
      random: seededRandom(settings.seed),
      userEmail: initialState.email.user_email_address,
      userPhone: initialState.sms.user_phone_number,
      logger,
    });
    const deps = { client, emitter, logger, signal, setActivity: this.env.setActivity };
    const turnEnd = new TurnEndProcessor({
      ...deps,
      purpleKeyId,
      actionLog,
      reads,
      state,
      responder,
      onStateRead: (snapshot, turn) => {
        if (this.recording) this.recording.lastState = { snapshot, afterTurn: turn };
      },
      ...(triggers.hasTriggers ? { triggers } : {}),
    });
    return new TurnLoop(
      { ...deps, purple: this.env.purple, turnEnd },
      {
        maxTurns: settings.maxTurns,
        turnTimeoutMs: settings.turnTimeoutMs,
        maxConsecutiveFailures: settings.maxConsecutiveFailures,
        endMs: settings.endMs,
        defaultStepMs: settings.defaultStepMs,
        suggestedTimeStep: scenario.config.default_time_step,
        userTimezone: this.userTimezone(initialState),
        userConversationId: scenario.config.chat_conversation_id,
      },
    );
  }

  private userTimezone(initialState: StateSnapshot): string {
    return userTimeZone(initialState.calendar.user_timezone, this.input.scenario.config.timezone);
  }

  /**
   * Closes the purple's access (new requests refused, those in flight finished), then revokes its
   * key: after this nothing the key does can reach the simulator.
   */
  private async endPurpleAccess(reason: string): Promise<void> {
    if (!this.accessClosed) {
      this.accessClosed = true;
      this.env.setActivity('closing the purple’s access to the simulator');
      await this.env.purpleAccess
        .close(reason)
        .catch((error: unknown) =>
          this.env.logger.warn({ err: error }, 'closing the purple’s access failed'),
        );
    }
    await this.revokePurpleKey();
  }

  /**
   * Actions (and reads) of the purple that landed after the last turn's listing — e.g. sends it
   * fired while answering — logged under the last turn, once its access is closed.
   */
  private async collectLateActions(recording: Recording): Promise<void> {
    const last = recording.loop.turns.at(-1);
    if (last === undefined) return;
    const { logger } = this.env;
    const { signal, emitter } = this.input;
    const late = recording.actionLog.recordTurn(
      last.turn_number,
      await recording.state.newEvents({ signal }),
    );
    const reads = await recording.reads.collect({ signal });
    recording.loop.addLateActivity(late, reads);
    if (late.length > 0) logger.info({ turn: last.turn_number, actions: late.length }, 'late actions logged');
    await reportActions(emitter, late);
  }

  private async revokePurpleKey(): Promise<void> {
    if (this.purpleKeyId === undefined || this.keyRevoked) return;
    this.keyRevoked = true;
    try {
      await this.env.client.keys.revoke(this.purpleKeyId);
    } catch (error) {
      this.env.logger.warn({ err: error, keyId: this.purpleKeyId }, 'could not revoke the purple key');
    }
  }

  private async step<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throwIfCanceled(this.input.signal);
      throw new AssessmentError(name, error);
    }
  }
}

function causedByUes(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof UesClientError) return true;
  }
  return false;
}
