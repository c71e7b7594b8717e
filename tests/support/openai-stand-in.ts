import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of an OpenAI-compatible HTTP server (the API vLLM, llama.cpp, LM Studio and
 * OpenRouter speak), on 127.0.0.1. Each route answers as the test configures it: 200 with canned
 * JSON, an error status with an OpenAI-style error body, or never (hang). Every request is
 * recorded, so tests can count attempts and read what was sent.
 */

export type StandInBehaviour =
  | { status: 200; json: unknown }
  | { status: number; message?: string }
  | { hang: true }
  /** Computed per request (e.g. answer by the request body). */
  | ((request: RecordedRequest) => StandInBehaviour);

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface OpenAiStandIn {
  /** Base URL as clients take it, e.g. `http://127.0.0.1:PORT/v1`. */
  baseUrl: string;
  requests: RecordedRequest[];
  /**
   * Sets what `route` (`"POST /v1/chat/completions"`) answers. An array is played in order, its
   * last entry repeating. Unconfigured routes answer 404.
   */
  route(route: string, behaviour: StandInBehaviour | StandInBehaviour[]): void;
  /** Requests to `route` so far. */
  count(route: string): number;
  close(): Promise<void>;
}

export const CHAT_COMPLETIONS = 'POST /v1/chat/completions';

/** A chat.completion answer holding `text`. */
export function completion(text: string, model = 'stand-in-model'): StandInBehaviour {
  return {
    status: 200,
    json: {
      id: 'chatcmpl-standin',
      object: 'chat.completion',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
    },
  };
}

/** A chat.completion answer calling one tool. */
export function toolCallCompletion(
  name: string,
  args: Record<string, unknown>,
  id = 'call_1',
): StandInBehaviour {
  return {
    status: 200,
    json: {
      id: 'chatcmpl-standin-tool',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'stand-in-model',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
    },
  };
}

export async function startOpenAiStandIn(
  routes: Record<string, StandInBehaviour | StandInBehaviour[]> = {},
): Promise<OpenAiStandIn> {
  const behaviours = new Map<string, StandInBehaviour[]>();
  const played = new Map<string, number>();
  const requests: RecordedRequest[] = [];
  const setRoute = (route: string, behaviour: StandInBehaviour | StandInBehaviour[]): void => {
    behaviours.set(route, Array.isArray(behaviour) ? behaviour : [behaviour]);
    played.set(route, 0);
  };
  for (const [route, behaviour] of Object.entries(routes)) setRoute(route, behaviour);

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Keep the raw text.
    }
    const path = (req.url ?? '/').split('?')[0]!;
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path, headers: req.headers, body };
    requests.push(recorded);
    const route = `${recorded.method} ${path}`;
    const list = behaviours.get(route);
    let behaviour: StandInBehaviour = { status: 404, message: `no route ${route} on the stand-in` };
    if (list !== undefined) {
      const index = played.get(route) ?? 0;
      behaviour = list[Math.min(index, list.length - 1)]!;
      played.set(route, index + 1);
    }
    while (typeof behaviour === 'function') behaviour = behaviour(recorded);
    if ('hang' in behaviour) return; // never answers; close() cuts the connection
    res.setHeader('content-type', 'application/json');
    if (behaviour.status === 200 && 'json' in behaviour) {
      res.writeHead(200).end(JSON.stringify(behaviour.json));
      return;
    }
    const message =
      'message' in behaviour && behaviour.message ? behaviour.message : `stand-in status ${behaviour.status}`;
    res
      .writeHead(behaviour.status)
      .end(JSON.stringify({ error: { message, type: 'stand_in_error', code: String(behaviour.status) } }));
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    route: setRoute,
    count: (route) => requests.filter((request) => `${request.method} ${request.path}` === route).length,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
