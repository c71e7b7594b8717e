import {
  createdKeySchema,
  keyInfoSchema,
  keyListSchema,
  revokedKeySchema,
  type CreatedKey,
  type KeyInfo,
  type KeyList,
  type RevokedKey,
} from '../schemas/keys.js';
import type { CallOptions, UesTransport } from '../transport.js';
import { pathSegment } from '../wire.js';

/** `POST /keys`. */
export interface CreateKeyRequest {
  /** 1..100 characters. */
  name: string;
  /** Patterns such as `email:send`, `calendar:*` or `*`; at least one. */
  permissions: string[];
}

/** `/keys`: scoped API keys. */
export class KeysClient {
  constructor(private readonly transport: UesTransport) {}

  /** Creates a key (`keys:create`); the response holds the secret, shown only here. */
  create(request: CreateKeyRequest, options?: CallOptions): Promise<CreatedKey> {
    return this.transport.call(
      { method: 'POST', path: '/keys', body: request, schema: createdKeySchema },
      options,
    );
  }

  /** Every key, revoked ones included unless `include_revoked: false` (`keys:list`). */
  list(query: { include_revoked?: boolean } = {}, options?: CallOptions): Promise<KeyList> {
    return this.transport.call(
      {
        method: 'GET',
        path: '/keys',
        query: { include_revoked: query.include_revoked },
        schema: keyListSchema,
      },
      options,
    );
  }

  /** One key (`keys:read`). */
  get(keyId: string, options?: CallOptions): Promise<KeyInfo> {
    return this.transport.call(
      { method: 'GET', path: `/keys/${pathSegment(keyId)}`, schema: keyInfoSchema },
      options,
    );
  }

  /** Revokes a key (`keys:revoke`); 409 if already revoked, 400 for the admin key. */
  revoke(keyId: string, options?: CallOptions): Promise<RevokedKey> {
    return this.transport.call(
      { method: 'DELETE', path: `/keys/${pathSegment(keyId)}`, schema: revokedKeySchema },
      options,
    );
  }
}
