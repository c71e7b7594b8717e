/**
 * Typed errors of the purple kit. Each says what went wrong and what the caller (the green, the
 * person running the CLI, or the author of an agent) can do about it.
 */

/** Base class, so callers can tell kit errors from everything else. */
export class PurpleKitError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * A green message arrived in an order the assessment lifecycle does not allow (e.g. `turn_start`
 * before `assessment_start`). The A2A task is rejected with this message.
 */
export class AssessmentStateError extends PurpleKitError {
  constructor(
    readonly contextId: string,
    readonly messageType: string,
    readonly problem: string,
  ) {
    super(`${messageType} in context ${JSON.stringify(contextId)}: ${problem}`);
  }
}

/** An A2A message carried no AgentBeats payload at all. */
export class MissingPayloadError extends PurpleKitError {
  constructor() {
    super(
      'the message has no AgentBeats payload: expected a DataPart holding a JSON object, or a TextPart ' +
        'whose text is a JSON object, with a "message_type" field (see docs/PROTOCOL.md)',
    );
  }
}

/** An agent used its UES client before `initialize` ran. */
export class AgentNotInitializedError extends PurpleKitError {
  constructor(agentName: string) {
    super(
      `${agentName} has no UES access yet: the UES client exists only after assessment_start ` +
        '(BasePurpleAgent.initialize) has run',
    );
  }
}

/** A registered agent name was not found. */
export class UnknownPurpleAgentError extends PurpleKitError {
  constructor(
    readonly agentName: string,
    readonly registered: readonly string[],
  ) {
    super(
      `unknown purple agent ${JSON.stringify(agentName)}; registered agents: ${registered.join(', ') || '(none)'}`,
    );
  }
}

/** An agent cannot run with the configuration it was given (e.g. the llm baseline with `offline`). */
export class PurpleAgentConfigError extends PurpleKitError {
  constructor(
    readonly agentName: string,
    readonly field: string,
    problem: string,
  ) {
    super(`purple agent ${JSON.stringify(agentName)}: ${field}: ${problem}`);
  }
}

/**
 * A UES action was accepted over HTTP but its simulator event did not apply (status `failed`),
 * e.g. an RSVP for an unknown event. `action` is the route, `reason` the simulator's message.
 */
export class UesActionFailedError extends PurpleKitError {
  constructor(
    readonly action: string,
    readonly status: string,
    readonly reason: string,
  ) {
    super(`${action} did not apply (event status ${status}): ${reason}`);
  }
}
