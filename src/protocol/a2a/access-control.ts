import type { AgentCard } from '@a2a-js/sdk';
import { UnsupportedOperationError } from '@a2a-js/sdk/errors';
import type { DefaultRequestHandler } from '@a2a-js/sdk/server';
import type { RequestHandler } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { HistoryServingRequestHandler } from './task-store.js';

/**
 * Who may use an A2A server's control surface. AgentBeats sends assessment requests without
 * credentials, so by default anyone who reaches the port may send messages; but nobody may list
 * tasks (they hold other callers' messages: participant URLs, a purple's UES key). With a bearer
 * token configured, every call needs it and its holder — the operator — may also list.
 */

export const BEARER_SCHEME_NAME = 'bearer';

/** Answers 401 (JSON-RPC error body) unless the request carries `Authorization: Bearer <token>`. */
export function requireBearerToken(token: string): RequestHandler {
  const expected = digest(token);
  return (req, res, next) => {
    const header = req.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
    if (match !== null && timingSafeEqual(digest(match[1]!), expected)) {
      next();
      return;
    }
    res
      .status(401)
      .setHeader('WWW-Authenticate', 'Bearer')
      .json({
        jsonrpc: '2.0',
        id: null,
        error: {
          // JSON-RPC has no code for authentication; A2A's own codes (-32001…) mean other things.
          code: -32_600,
          message:
            header === undefined
              ? 'Unauthorized: this agent requires "Authorization: Bearer <token>" (ask its operator for the token)'
              : 'Unauthorized: the bearer token is not valid for this agent',
        },
      });
  };
}

/** Comparing digests keeps the comparison constant-time whatever the token lengths. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** The SDK's request handler (serving whole task histories), with ListTasks for the operator only. */
export class GuardedRequestHandler extends HistoryServingRequestHandler {
  /** True when a bearer token guards the server: every caller reaching the handler holds it. */
  listingAllowed = false;

  override async listTasks(
    ...args: Parameters<DefaultRequestHandler['listTasks']>
  ): ReturnType<DefaultRequestHandler['listTasks']> {
    if (!this.listingAllowed) {
      throw new UnsupportedOperationError(
        'ListTasks is disabled: tasks hold other callers’ messages. The operator can enable it by ' +
          'protecting this agent with a bearer token.',
      );
    }
    return super.listTasks(...args);
  }
}

/** The card declares the bearer scheme, so A2A clients know to send the token. */
export function withBearerSecurity(card: AgentCard): AgentCard {
  return {
    ...card,
    securitySchemes: {
      [BEARER_SCHEME_NAME]: {
        scheme: {
          $case: 'httpAuthSecurityScheme',
          value: {
            description: 'A token the operator of this agent hands out.',
            scheme: 'Bearer',
            bearerFormat: '',
          },
        },
      },
    },
    securityRequirements: [{ schemes: { [BEARER_SCHEME_NAME]: { list: [] } } }],
  };
}
