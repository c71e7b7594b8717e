import { Role, TaskState, type Message, type Task } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import {
  DataPartError,
  buildMessage,
  dataPart,
  payloadOfMessage,
  payloadOfResult,
  payloadParts,
  textPart,
  textsOf,
} from '../../../src/protocol/index.js';

function task(overrides: Partial<Task>): Task {
  return {
    id: 't',
    contextId: 'c',
    status: { state: TaskState.TASK_STATE_COMPLETED, message: undefined, timestamp: undefined },
    artifacts: [],
    history: [],
    metadata: undefined,
    ...overrides,
  };
}

function agentMessage(...parts: Message['parts']): Message {
  return buildMessage(parts, { role: 'agent' });
}

describe('dataPart', () => {
  it('holds a JSON copy of a plain object', () => {
    const source = { when: new Date('2026-01-01T00:00:00Z'), skip: undefined, nested: { n: 1 } };
    const part = dataPart(source);
    expect(part.content).toEqual({
      $case: 'data',
      value: { when: '2026-01-01T00:00:00.000Z', nested: { n: 1 } },
    });
    source.nested.n = 2;
    expect(part.content?.$case === 'data' ? part.content.value : undefined).toMatchObject({
      nested: { n: 1 },
    });
  });

  it.each([[[1, 2]], [null], ['text'], [42], [new Date()], [new Map()]])('refuses %j', (value) => {
    expect(() => dataPart(value)).toThrow(DataPartError);
  });
});

describe('payload extraction', () => {
  it('payloadParts puts the DataPart first and the same JSON as text second', () => {
    const parts = payloadParts({ message_type: 'turn_start' });
    expect(parts.map((part) => part.content?.$case)).toEqual(['data', 'text']);
    expect(textsOf(parts)).toEqual(['{"message_type":"turn_start"}']);
    expect(payloadParts({ a: 1 }, { includeText: false })).toHaveLength(1);
  });

  it('prefers the first object DataPart over text', () => {
    const message = agentMessage(
      textPart('{"from":"text"}'),
      dataPart({ from: 'data' }),
      dataPart({ from: 'second' }),
    );
    expect(payloadOfMessage(message)).toEqual({ from: 'data' });
  });

  it('falls back to a TextPart whose text is a JSON object', () => {
    expect(payloadOfMessage(agentMessage(textPart('Working on it'), textPart(' {"ok":true} ')))).toEqual({
      ok: true,
    });
    expect(payloadOfMessage(agentMessage(textPart('[1,2]'), textPart('{broken')))).toBeUndefined();
  });

  it('ignores DataParts that do not hold an object', () => {
    const arrayPart = {
      content: { $case: 'data' as const, value: [1] },
      metadata: undefined,
      filename: '',
      mediaType: '',
    };
    expect(payloadOfMessage(agentMessage(arrayPart, textPart('{"a":1}')))).toEqual({ a: 1 });
  });

  it('reads a Message result directly', () => {
    expect(payloadOfResult(agentMessage(dataPart({ a: 1 })))).toEqual({ a: 1 });
  });

  it('reads a Task: artifacts first, then the status message, then agent history newest first', () => {
    const history = [
      buildMessage([dataPart({ from: 'user' })], { role: 'user' }),
      agentMessage(dataPart({ from: 'old agent' })),
      agentMessage(dataPart({ from: 'new agent' })),
      buildMessage([dataPart({ from: 'later user' })], { role: 'user' }),
    ];
    const status = {
      state: TaskState.TASK_STATE_COMPLETED,
      message: agentMessage(dataPart({ from: 'status' })),
      timestamp: undefined,
    };
    const artifact = {
      artifactId: 'a',
      name: 'r',
      description: '',
      parts: [dataPart({ from: 'artifact' })],
      metadata: undefined,
      extensions: [],
    };
    const emptyArtifact = { ...artifact, artifactId: 'b', parts: [textPart('no json here')] };

    expect(payloadOfResult(task({ artifacts: [emptyArtifact, artifact], status, history }))).toEqual({
      from: 'artifact',
    });
    expect(payloadOfResult(task({ artifacts: [emptyArtifact], status, history }))).toEqual({
      from: 'status',
    });
    expect(payloadOfResult(task({ history }))).toEqual({ from: 'new agent' });
    expect(payloadOfResult(task({ history: [history[0]!] }))).toBeUndefined();
  });

  it('builds user messages by default', () => {
    const message = buildMessage([textPart('hi')], { contextId: 'c' });
    expect(message.role).toBe(Role.ROLE_USER);
    expect(message.contextId).toBe('c');
    expect(message.taskId).toBe('');
    expect(message.messageId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
