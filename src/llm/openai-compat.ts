/**
 * Answers of OpenAI-compatible servers, made to look like OpenAI's where they differ in ways
 * LangChain cannot parse. Several servers (llama.cpp, vLLM, LM Studio, Ollama's /v1) send a tool
 * call without arguments as `""`, or the arguments as a JSON object instead of a JSON string;
 * LangChain then drops the call as invalid (and prints a misleading "upgrade your packages"
 * notice for every such answer). Only `function.arguments` of tool calls is touched.
 */

type Fetch = typeof fetch;

/** A fetch for the OpenAI client that repairs tool-call arguments in chat-completion answers. */
export function toolCallRepairingFetch(inner: Fetch = fetch): Fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (!response.ok || !isChatCompletion(input)) return response;
    if (!(response.headers.get('content-type') ?? '').includes('application/json')) return response;
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return rebuilt(response, text);
    }
    return rebuilt(response, repairToolCalls(body) ? JSON.stringify(body) : text);
  };
}

function isChatCompletion(input: Parameters<Fetch>[0]): boolean {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return /\/chat\/completions(\?|$)/.test(url);
}

function rebuilt(response: Response, body: string): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** Rewrites object or empty `arguments` to JSON strings, in place; true when something changed. */
export function repairToolCalls(body: unknown): boolean {
  const choices = (body as { choices?: unknown }).choices;
  if (!Array.isArray(choices)) return false;
  let changed = false;
  for (const choice of choices) {
    const calls = (choice as { message?: { tool_calls?: unknown } }).message?.tool_calls;
    if (!Array.isArray(calls)) continue;
    for (const call of calls) {
      const fn = (call as { function?: { arguments?: unknown } }).function;
      if (fn === undefined || fn === null) continue;
      if (typeof fn.arguments === 'object' && fn.arguments !== null) {
        fn.arguments = JSON.stringify(fn.arguments);
        changed = true;
      } else if (
        fn.arguments === undefined ||
        (typeof fn.arguments === 'string' && fn.arguments.trim() === '')
      ) {
        fn.arguments = '{}';
        changed = true;
      }
    }
  }
  return changed;
}
