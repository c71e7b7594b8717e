import { afterEach, describe, expect, it } from 'vitest';
import type { GreenServerHandle } from '../../../src/green/server.js';
import type { UesNotification, UesNotificationStream } from '../../../src/ues/client/index.js';
import { assessOverA2A, startTestGreen, terminalStates } from '../../support/green-server.js';
import {
  answerAnn,
  earlyCompletion,
  startScriptedPurple,
  turnComplete,
  type ScriptedPurple,
} from '../../support/scripted-purple.js';

/**
 * A purple that prefers push over polling: it opens the UES's `/ws` at the `ues_url` it is given —
 * the green's proxy, on the A2A port or on a listener of its own — is pushed what arrives while
 * time advances, and is disconnected when its last turn is over.
 */

/** When each executed email event was due. */
const emailEvents = (pushed: readonly UesNotification[]): string[] =>
  pushed
    .filter((notification) => notification.data['modality'] === 'email')
    .map((notification) => String(notification.data['scheduled_time']));

let green: GreenServerHandle | undefined;
let purple: ScriptedPurple | undefined;

afterEach(async () => {
  await purple?.close();
  await green?.close();
  purple = green = undefined;
});

describe.each([
  { where: 'on the A2A port', config: {} },
  { where: 'on the proxy’s own listener', config: { ues_proxy_port: 0 } },
])('WebSocket notifications through the green’s proxy $where', ({ config }) => {
  it('pushes arrivals to the purple between turns and closes with its last turn', async () => {
    green = await startTestGreen(config);
    let stream: UesNotificationStream | undefined;
    const pushed: UesNotification[] = [];
    const seenAtTurn: Record<number, string[]> = {};
    purple = await startScriptedPurple({
      async onTurn({ turn, ues }) {
        if (turn.turn_number === 1) {
          stream = await ues.notifications.connect({ events: ['event.executed'] });
          void (async () => {
            for await (const notification of stream!) pushed.push(notification);
          })();
          await answerAnn(ues, 'Yes, Thursday works for me.');
        }
        // Pushed while time advanced; the relay may still be passing the last one on.
        const expected = [0, 0, 2, 3][turn.turn_number]!;
        for (let waited = 0; emailEvents(pushed).length < expected && waited < 100; waited++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // What reached the inbox, by when it was due: the purple's own send runs at once.
        seenAtTurn[turn.turn_number] = emailEvents(pushed);
        return turn.turn_number === 3 ? earlyCompletion() : turnComplete('PT1H');
      },
    });
    const record = await assessOverA2A(green, {
      participants: { assistant: purple.url },
      config: { scenario_id: 'mini_inbox' },
    });
    expect(terminalStates(record)).toEqual(['completed']);
    // Ann's reply came during the first advance, Bob's report (07:30) during the second.
    const annReply = expect.stringMatching(/^2026-01-28T06:(0[1-9]|[1-5]\d)/);
    expect(seenAtTurn).toEqual({
      1: [],
      2: ['2026-01-28T06:00:00Z', annReply],
      3: ['2026-01-28T06:00:00Z', annReply, '2026-01-28T07:30:00Z'],
    });
    expect(await stream!.closed).toEqual({
      code: 4403,
      reason: "this UES no longer accepts the assistant's requests: the assessment’s turns are over",
    });
  });
});
