import { afterEach, describe, expect, it } from 'vitest';
import type { GreenServerHandle } from '../../../src/green/server.js';
import {
  A2AAgentClient,
  parseResults,
  parseUpdate,
  payloadOfParts,
  type AssessmentResults,
} from '../../../src/protocol/index.js';
import { startTestGreen, streamAssessment, terminalStates } from '../../support/green-server.js';
import { startScriptedPurple, turnComplete, type ScriptedPurple } from '../../support/scripted-purple.js';

let green: GreenServerHandle | undefined;
let purple: ScriptedPurple | undefined;
let client: A2AAgentClient | undefined;

afterEach(async () => {
  await client?.close();
  await purple?.close();
  await green?.close();
  client = undefined;
  purple = undefined;
  green = undefined;
});

function resultsOf(artifactParts: Parameters<typeof payloadOfParts>[0]): AssessmentResults {
  return parseResults(payloadOfParts(artifactParts));
}

describe('a whole assessment over A2A (green server + scripted purple, child-process UES)', () => {
  it('streams the updates, publishes the results artifact, then completed', async () => {
    green = await startTestGreen({ ues_runner: 'child' });
    const uesUrls: string[] = [];
    purple = await startScriptedPurple({
      async onTurn({ turn, ues, start }) {
        uesUrls.push(start.ues_url);
        if (turn.turn_number === 1) {
          await ues.email.send({
            from_address: 'alex@example.com',
            to_addresses: ['ann@example.com'],
            subject: 'Re: Lunch on Friday?',
            body_text: 'Yes, Friday at noon works for me.',
          });
        }
        await ues.chat.send({
          role: 'assistant',
          content: `Summary at ${turn.current_time}`,
          conversation_id: 'user-assistant',
        });
        await ues.calendar.create({
          title: `Focus block ${turn.turn_number}`,
          start: '2026-01-29T09:00:00Z',
          end: '2026-01-29T10:00:00Z',
        });
        return turnComplete('PT1H');
      },
    });
    client = await A2AAgentClient.connect(green.url);
    const run = streamAssessment(client, {
      participants: { assistant: purple.url },
      config: { scenario_id: 'mini_inbox', seed: 3, shard_index: 0, num_shards: 1 },
    });
    const record = await run.done;

    expect(record.states[0]).toBe('submitted');
    expect(record.states.at(-1)).toBe('completed');
    expect(terminalStates(record)).toEqual(['completed']);
    expect(record.texts[0]).toContain('Assessment of assistant');

    // The artifact: a text summary and the results object, valid against the protocol schema.
    expect(record.artifacts).toHaveLength(1);
    const artifact = record.artifacts[0]!;
    expect(artifact.name).toBe('assessment_results');
    expect(artifact.parts[0]?.content?.$case).toBe('text');
    const results = resultsOf(artifact.parts);
    expect(results).toMatchObject({
      assessment_id: record.taskId,
      participant: 'assistant',
      status: 'completed',
      turns_taken: 4,
      metadata: { seed: 3, scenario_id: 'mini_inbox' },
    });
    // Every purple action made through the proxy is in the log (bug 14).
    expect(results.action_log.map((entry) => entry.action)).toEqual([
      'email.send',
      'chat.send_message',
      'calendar.create',
      ...Array<string[]>(3).fill(['chat.send_message', 'calendar.create']).flat(),
    ]);

    // Update stream: types in order, all valid.
    const updates = record.updates.map((update) => parseUpdate(update));
    const types = updates.map((update) => update.message_type);
    expect(types.slice(0, 3)).toEqual([
      'update_assessment_started',
      'update_scenario_loaded',
      'update_turn_started',
    ]);
    expect(types.filter((t) => t === 'update_turn_started')).toHaveLength(4);
    expect(types.filter((t) => t === 'update_turn_completed')).toHaveLength(4);
    expect(types.filter((t) => t === 'update_simulation_advanced')).toHaveLength(3);
    expect(types.filter((t) => t === 'update_action_observed')).toHaveLength(results.actions_taken);
    expect(types.slice(-6)).toEqual([
      'update_evaluation_started',
      'update_criterion_evaluated',
      'update_criterion_evaluated',
      'update_criterion_evaluated',
      'update_criterion_evaluated',
      'update_assessment_completed',
    ]);
    const turnTimes = updates.flatMap((u) =>
      u.message_type === 'update_turn_started' ? [u.current_time] : [],
    );
    expect(turnTimes.map((t) => new Date(t).toISOString().slice(11, 16))).toEqual([
      '06:00',
      '07:00',
      '08:00',
      '09:00',
    ]);

    // The purple was only ever given the green's proxy URL for its context (bug 1).
    expect(new Set(uesUrls)).toEqual(new Set([`${green.publicUrl}ues/${record.contextId}`]));
    expect(new URL(uesUrls[0]!).port).toBe(new URL(green.url).port);
    // One purple conversation per assessment.
    expect(new Set(purple.received.map((m) => m.contextId)).size).toBe(1);
  });
});

describe('the AgentBeats gateway’s own request shape', () => {
  it('answers raw v0.3 message/stream with a JSON TextPart: updates, the artifact, then final completed', async () => {
    green = await startTestGreen();
    purple = await startScriptedPurple({ onTurn: () => ({ payload: { message_type: 'early_completion' } }) });
    const body = {
      jsonrpc: '2.0',
      id: 'gateway-1',
      method: 'message/stream',
      params: {
        message: {
          kind: 'message',
          messageId: 'm-1',
          role: 'user',
          parts: [
            {
              kind: 'text',
              text: JSON.stringify({
                participants: { agent: purple.url },
                config: { scenario_id: 'mini_inbox' },
              }),
            },
          ],
        },
      },
    };
    const response = await fetch(green.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await response.text())
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: '))
      .map((frame) => JSON.parse(frame.slice('data: '.length)) as { result: Record<string, any> });
    const results = events.map((event) => event.result);
    expect(results[0]).toMatchObject({ kind: 'task' });
    const last = results.at(-1)!;
    expect(last).toMatchObject({ kind: 'status-update', status: { state: 'completed' }, final: true });
    const artifacts = results.filter((result) => result['kind'] === 'artifact-update');
    expect(artifacts).toHaveLength(1);
    const artifact = artifacts[0]!['artifact'];
    expect(artifact.name).toBe('assessment_results');
    expect(artifact.parts.map((part: { kind: string }) => part.kind)).toEqual(['text', 'data']);
    expect(parseResults(artifact.parts[1].data)).toMatchObject({ participant: 'agent', status: 'completed' });
    const updateTypes = results
      .filter((result) => result['kind'] === 'status-update')
      .flatMap(
        (result) =>
          (result['status'].message?.parts ?? []) as Array<{
            kind: string;
            data?: { message_type?: string };
          }>,
      )
      .flatMap((part) => (part.kind === 'data' && part.data?.message_type ? [part.data.message_type] : []));
    expect(updateTypes[0]).toBe('update_assessment_started');
    expect(updateTypes.at(-1)).toBe('update_assessment_completed');
    expect(results.filter((result) => result['final'] === true)).toHaveLength(1);
  });
});
