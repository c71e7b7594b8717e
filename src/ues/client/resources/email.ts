import type {
  EmailIdsRequest,
  EmailLabelRequest,
  EmailMoveRequest,
  EmailQuery,
  ForwardEmailRequest,
  ReceiveEmailRequest,
  SendEmailRequest,
} from '../requests/email.js';
import type { ModalityActionResponse } from '../schemas/common.js';
import {
  emailQueryResponseSchema,
  emailStateSchema,
  emailStateSummarySchema,
  type EmailQueryResponse,
  type EmailStateResponse,
  type EmailStateSummary,
} from '../schemas/email.js';
import type { CallOptions, UesTransport } from '../transport.js';
import { ModalityResource } from './modality-resource.js';

/** `GET /email/state` options: either flag returns statistics and summaries instead of full emails. */
export interface EmailStateQuery {
  summary?: boolean;
  compact?: boolean;
}

/**
 * `/email`: the user's mailbox. Actions run at once at the current sim time and answer with the
 * created simulator event (`status` tells whether it applied). Each needs `email:<action>`.
 */
export class EmailClient extends ModalityResource {
  constructor(transport: UesTransport) {
    super(transport, 'email');
  }

  /** The whole mailbox (`email:state`). */
  state(query?: { summary?: false; compact?: false }, options?: CallOptions): Promise<EmailStateResponse>;
  /** Statistics plus email summaries (`email:state`). */
  state(query: { summary: true } | { compact: true }, options?: CallOptions): Promise<EmailStateSummary>;
  state(query?: EmailStateQuery, options?: CallOptions): Promise<EmailStateResponse | EmailStateSummary>;
  state(query: EmailStateQuery = {}, options?: CallOptions): Promise<EmailStateResponse | EmailStateSummary> {
    const wire = { summary: query.summary, compact: query.compact };
    return this.fetchState(
      wire,
      query.summary || query.compact,
      { full: emailStateSchema, condensed: emailStateSummarySchema },
      options,
    );
  }

  /** Filters emails (`email:query`), e.g. `{received_after, sort_by: 'date', sort_order: 'asc'}`. */
  query(query: EmailQuery = {}, options?: CallOptions): Promise<EmailQueryResponse> {
    return this.postQuery(query, emailQueryResponseSchema, options);
  }

  /** The user sends an email (`email:send`). */
  send(request: SendEmailRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('send', request, options);
  }

  /** The user forwards an email (`email:send`; ours — recorded as a send). */
  forward(request: ForwardEmailRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('forward', request, options);
  }

  /** An email arrives for the user (`email:receive`; proctor only). */
  receive(request: ReceiveEmailRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('receive', request, options);
  }

  read(request: EmailIdsRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('read', request, options);
  }

  unread(request: EmailIdsRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('unread', request, options);
  }

  star(request: EmailIdsRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('star', request, options);
  }

  unstar(request: EmailIdsRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('unstar', request, options);
  }

  /** Moves to the `archive` folder. */
  archive(request: EmailIdsRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('archive', request, options);
  }

  /** Moves to `trash` (there is no permanent delete). */
  delete(request: EmailIdsRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('delete', request, options);
  }

  label(request: EmailLabelRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('label', request, options);
  }

  unlabel(request: EmailLabelRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('unlabel', request, options);
  }

  move(request: EmailMoveRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('move', request, options);
  }
}
