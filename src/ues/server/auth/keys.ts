import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { WallClock } from '../core/clock.js';
import { badRequest, conflict, notFound } from '../core/errors.js';
import { formatTime } from '../core/time.js';

export const MIN_ADMIN_KEY_LENGTH = 32;

export interface ApiKey {
  key_id: string;
  key_hash: string;
  name: string;
  permissions: string[];
  /** Wall-clock epoch ms, like every key timestamp. */
  created_at: number;
  created_by: string | null;
  last_used_at: number | null;
  revoked_at: number | null;
}

export class AdminKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminKeyError';
  }
}

const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
const newKeyId = (): string => `ues_${randomBytes(8).toString('hex')}`;

/** API keys: only SHA-256 hashes of secrets are kept; secrets are shown once, at creation. */
export class ApiKeyRegistry {
  private readonly keys = new Map<string, ApiKey>();
  private readonly byHash = new Map<string, ApiKey>();
  private readonly revocationListeners = new Set<(key: ApiKey) => void>();
  readonly adminKeyId: string;

  constructor(
    adminSecret: string,
    private readonly wallClock: WallClock = Date.now,
  ) {
    if (adminSecret.length < MIN_ADMIN_KEY_LENGTH) {
      throw new AdminKeyError(
        `Admin key secret must be at least ${MIN_ADMIN_KEY_LENGTH} characters long, got ${adminSecret.length}`,
      );
    }
    this.adminKeyId = this.insert(adminSecret, 'Admin Key', ['*'], null).key_id;
  }

  static generateSecret(): string {
    return randomBytes(32).toString('hex');
  }

  private insert(secret: string, name: string, permissions: string[], createdBy: string | null): ApiKey {
    const key: ApiKey = {
      key_id: newKeyId(),
      key_hash: hashSecret(secret),
      name,
      permissions,
      created_at: this.wallClock(),
      created_by: createdBy,
      last_used_at: null,
      revoked_at: null,
    };
    this.keys.set(key.key_id, key);
    this.byHash.set(key.key_hash, key);
    return key;
  }

  create(name: string, permissions: string[], createdBy: string | null): { key: ApiKey; secret: string } {
    const secret = ApiKeyRegistry.generateSecret();
    return { key: this.insert(secret, name, permissions, createdBy), secret };
  }

  /** The active key for a secret, stamping `last_used_at`; undefined for unknown or revoked. */
  authenticate(secret: string): ApiKey | undefined {
    const hash = hashSecret(secret);
    const key = this.byHash.get(hash);
    if (!key || key.revoked_at !== null) return undefined;
    // The map lookup already matched; compare again in constant time to keep timing flat.
    if (!timingSafeEqual(Buffer.from(key.key_hash), Buffer.from(hash))) return undefined;
    key.last_used_at = this.wallClock();
    return key;
  }

  get(keyId: string): ApiKey {
    const key = this.keys.get(keyId);
    if (!key) throw notFound(`API key with ID '${keyId}' not found`);
    return key;
  }

  list(includeRevoked: boolean): ApiKey[] {
    return [...this.keys.values()].filter((key) => includeRevoked || key.revoked_at === null);
  }

  revoke(keyId: string): ApiKey {
    const key = this.get(keyId);
    if (keyId === this.adminKeyId) throw badRequest('Cannot revoke the admin key');
    if (key.revoked_at !== null) throw conflict(`API key '${keyId}' is already revoked`);
    key.revoked_at = this.wallClock();
    for (const listener of this.revocationListeners) listener(key);
    return key;
  }

  /** Tells a listener about every revocation (open WebSocket connections of the key are closed). */
  onRevoke(listener: (key: ApiKey) => void): void {
    this.revocationListeners.add(listener);
  }

  counts(): { total: number; active: number; revoked: number } {
    let revoked = 0;
    for (const key of this.keys.values()) if (key.revoked_at !== null) revoked++;
    return { total: this.keys.size, active: this.keys.size - revoked, revoked };
  }
}

export function keyInfo(key: ApiKey): Record<string, unknown> {
  return {
    key_id: key.key_id,
    name: key.name,
    permissions: key.permissions,
    created_at: formatTime(key.created_at),
    created_by: key.created_by,
    last_used_at: key.last_used_at === null ? null : formatTime(key.last_used_at),
    is_active: key.revoked_at === null,
    revoked_at: key.revoked_at === null ? null : formatTime(key.revoked_at),
  };
}
