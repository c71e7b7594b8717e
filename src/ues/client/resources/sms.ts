import type {
  ReceiveSmsRequest,
  SendSmsRequest,
  SmsConversationUpdateRequest,
  SmsIdsRequest,
  SmsQuery,
  SmsReactRequest,
} from '../requests/sms.js';
import type { ModalityActionResponse } from '../schemas/common.js';
import {
  compactSmsStateSchema,
  smsQueryResponseSchema,
  smsStateSchema,
  type CompactSmsState,
  type SmsQueryResponse,
  type SmsStateResponse,
} from '../schemas/sms.js';
import type { CallOptions, UesTransport } from '../transport.js';
import { ModalityResource } from './modality-resource.js';

/**
 * `/sms`: text messages and conversations. Actions run at once at the current sim time and answer
 * with the created simulator event. Each needs `sms:<action>`.
 */
export class SmsClient extends ModalityResource {
  constructor(transport: UesTransport) {
    super(transport, 'sms');
  }

  /** Every message and conversation (`sms:state`). */
  state(query?: { compact?: false }, options?: CallOptions): Promise<SmsStateResponse>;
  /** Conversation headers only (`sms:state`). */
  state(query: { compact: true }, options?: CallOptions): Promise<CompactSmsState>;
  state(query?: { compact?: boolean }, options?: CallOptions): Promise<SmsStateResponse | CompactSmsState>;
  state(
    query: { compact?: boolean } = {},
    options?: CallOptions,
  ): Promise<SmsStateResponse | CompactSmsState> {
    const wire = { compact: query.compact };
    return this.fetchState(
      wire,
      query.compact,
      { full: smsStateSchema, condensed: compactSmsStateSchema },
      options,
    );
  }

  /** Filters messages (`sms:query`), e.g. `{thread_id, sort_by: 'sent_at', sort_order: 'asc'}`. */
  query(query: SmsQuery = {}, options?: CallOptions): Promise<SmsQueryResponse> {
    return this.postQuery(query, smsQueryResponseSchema, options);
  }

  /** Sends a message (`sms:send`). */
  send(request: SendSmsRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('send', request, options);
  }

  /** A message arrives (`sms:receive`; proctor only). */
  receive(request: ReceiveSmsRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('receive', request, options);
  }

  read(request: SmsIdsRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('read', request, options);
  }

  unread(request: SmsIdsRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('unread', request, options);
  }

  /** Soft-deletes messages (`is_deleted`). */
  delete(request: SmsIdsRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('delete', request, options);
  }

  react(request: SmsReactRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('react', request, options);
  }

  /** Pins, mutes, archives, marks read or sets the draft of a conversation (`sms:conversation`). */
  conversation(
    request: SmsConversationUpdateRequest,
    options?: CallOptions,
  ): Promise<ModalityActionResponse> {
    return this.act('conversation', request, options);
  }
}
