import type {
  ChatQuery,
  ClearChatRequest,
  DeleteChatMessageRequest,
  SendChatRequest,
} from '../requests/chat.js';
import {
  chatQueryResponseSchema,
  chatStateSchema,
  compactChatStateSchema,
  type ChatQueryResponse,
  type ChatStateResponse,
  type CompactChatState,
} from '../schemas/chat.js';
import type { ModalityActionResponse } from '../schemas/common.js';
import type { CallOptions, UesTransport } from '../transport.js';
import { ModalityResource } from './modality-resource.js';

/** `/chat`: the user ↔ assistant conversation(s). */
export class ChatClient extends ModalityResource {
  constructor(transport: UesTransport) {
    super(transport, 'chat');
  }

  /** Every conversation and message (`chat:state`). */
  state(query?: { compact?: false }, options?: CallOptions): Promise<ChatStateResponse>;
  /** Conversation metadata only (`chat:state`). */
  state(query: { compact: true }, options?: CallOptions): Promise<CompactChatState>;
  state(query?: { compact?: boolean }, options?: CallOptions): Promise<ChatStateResponse | CompactChatState>;
  state(
    query: { compact?: boolean } = {},
    options?: CallOptions,
  ): Promise<ChatStateResponse | CompactChatState> {
    const wire = { compact: query.compact };
    return this.fetchState(
      wire,
      query.compact,
      { full: chatStateSchema, condensed: compactChatStateSchema },
      options,
    );
  }

  /** Filters messages (`chat:query`). */
  query(query: ChatQuery = {}, options?: CallOptions): Promise<ChatQueryResponse> {
    return this.postQuery(query, chatQueryResponseSchema, options);
  }

  /** Posts a message as `user` or `assistant` (`chat:send`). */
  send(request: SendChatRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('send', request, options);
  }

  /** Deletes one message (`chat:delete`). */
  delete(request: DeleteChatMessageRequest, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('delete', request, options);
  }

  /** Removes a conversation's messages (`chat:clear`). */
  clear(request: ClearChatRequest = {}, options?: CallOptions): Promise<ModalityActionResponse> {
    return this.act('clear', request, options);
  }
}
