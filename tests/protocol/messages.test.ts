import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_INSTRUCTIONS,
  MESSAGE_SCHEMAS,
  ProtocolError,
  parseMessage,
  type MessageType,
} from '../../src/protocol/index.js';
import { validMessages } from './fixtures.js';

const types = Object.keys(MESSAGE_SCHEMAS) as MessageType[];

function expectProtocolError(data: unknown, expected: string): ProtocolError {
  try {
    parseMessage(data);
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).message).toContain(expected);
    return error as ProtocolError;
  }
  throw new Error(`expected parseMessage to reject ${JSON.stringify(data)}`);
}

describe('AgentBeats messages', () => {
  it.each(types)('%s round-trips through JSON', (type) => {
    const wire = JSON.parse(JSON.stringify(validMessages[type])) as unknown;
    const parsed = parseMessage(wire);
    expect(parsed.message_type).toBe(type);
    expect(parseMessage(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
    expect(parsed).toEqual(validMessages[type]);
  });

  it.each(types)('%s schema rejects another message_type', (type) => {
    const other = types.find((candidate) => candidate !== type)!;
    const result = MESSAGE_SCHEMAS[type].safeParse({ ...validMessages[type], message_type: other });
    expect(result.success).toBe(false);
  });

  it.each(types)('%s schema rejects a missing message_type', (type) => {
    const { message_type: _omitted, ...rest } = validMessages[type];
    expect(MESSAGE_SCHEMAS[type].safeParse(rest).success).toBe(false);
  });

  it.each([
    ['assessment_start', 'api_key'],
    ['assessment_start', 'ues_url'],
    ['assessment_start', 'initial_state_summary'],
    ['turn_start', 'turn_number'],
    ['turn_start', 'current_time'],
    ['turn_start', 'events_processed'],
    ['assessment_complete', 'reason'],
    ['initial_state_summary', 'chat'],
  ] as const)('%s without %s is rejected naming the field', (type, field) => {
    const data: Record<string, unknown> = { ...validMessages[type] };
    delete data[field];
    const error = expectProtocolError(data, `${type}.${field}: is required`);
    expect(error.messageType).toBe(type);
    expect(error.issues).toContainEqual({ path: field, message: 'is required' });
  });

  it('fills the default time_step of turn_complete and accepts a null note', () => {
    expect(parseMessage({ message_type: 'turn_complete', notes: null })).toEqual({
      message_type: 'turn_complete',
      notes: null,
      time_step: 'PT1H',
    });
  });

  it('validates time_step at parse time', () => {
    expectProtocolError(
      { message_type: 'turn_complete', time_step: 'P1X' },
      'turn_complete.time_step: "P1X" is not an ISO 8601 duration',
    );
    expectProtocolError(
      { message_type: 'turn_complete', time_step: 3600 },
      'turn_complete.time_step: expected string',
    );
  });

  it('only accepts the fixed assessment instructions', () => {
    expectProtocolError(
      { ...validMessages.assessment_start, assessment_instructions: 'Do whatever you like.' },
      `assessment_start.assessment_instructions: expected ${JSON.stringify(ASSESSMENT_INSTRUCTIONS)}`,
    );
  });

  it('requires date-times with a zone', () => {
    expectProtocolError(
      { ...validMessages.turn_start, current_time: '2026-01-28T06:00:00' },
      'turn_start.current_time: "2026-01-28T06:00:00" is not an ISO 8601 date-time with a zone',
    );
  });

  it('rejects turn_number 0 and negative counts', () => {
    expectProtocolError(
      { ...validMessages.turn_start, turn_number: 0 },
      'turn_start.turn_number: expected >= 1, got 0',
    );
    expectProtocolError({ ...validMessages.turn_start, events_processed: -1 }, 'turn_start.events_processed');
    expectProtocolError(
      { ...validMessages.turn_start, turn_number: 1.5 },
      'turn_start.turn_number: expected int',
    );
  });

  it('names nested fields with a dotted path', () => {
    const data = structuredClone(validMessages.assessment_start);
    (data['initial_state_summary'] as { email: { unread: number } }).email.unread = -3;
    expectProtocolError(data, 'assessment_start.initial_state_summary.email.unread: expected >= 0, got -3');
  });

  it('rejects a non-http UES URL', () => {
    expectProtocolError(
      { ...validMessages.assessment_start, ues_url: 'ftp://ues' },
      'assessment_start.ues_url',
    );
  });

  it('takes an optional MCP URL in assessment_start, and refuses one that is not http(s)', () => {
    const withMcp = { ...validMessages.assessment_start, mcp_url: 'http://green:9009/mcp/ctx-1' };
    expect(parseMessage(withMcp)).toMatchObject({ mcp_url: 'http://green:9009/mcp/ctx-1' });
    expect(parseMessage(validMessages.assessment_start)).not.toHaveProperty('mcp_url');
    expectProtocolError(
      { ...validMessages.assessment_start, mcp_url: 'ws://green/mcp' },
      'assessment_start.mcp_url',
    );
  });

  it('rejects an unknown assessment_complete reason', () => {
    expectProtocolError(
      { message_type: 'assessment_complete', reason: 'bored' },
      'assessment_complete.reason: expected one of "scenario_complete", "early_completion", "timeout", "error", got "bored"',
    );
  });

  it('ignores unknown extra keys from newer peers', () => {
    const parsed = parseMessage({ message_type: 'early_completion', reason: 'done', actions: [] });
    expect(parsed).toEqual({ message_type: 'early_completion', reason: 'done' });
  });
});
