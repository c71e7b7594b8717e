import type { IncomingMessage, ServerResponse } from 'node:http';

/** Reading JSON bodies and writing JSON-RPC answers on Node's request and response. */

/** A request body that cannot be taken: too large, or not JSON. */
export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a JSON body of at most `limit` bytes; `undefined` for an empty one. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyError(413, `the request body is larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks, size).toString('utf8')) as unknown;
  } catch (error) {
    throw new BodyError(400, `the request body is not JSON: ${(error as Error).message}`);
  }
}

/** A JSON-RPC error that answers no particular request. */
export function rpcError(code: number, message: string): unknown {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

/** Writes a whole answer at once: JSON when there is a body, nothing otherwise. */
export function reply(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}
