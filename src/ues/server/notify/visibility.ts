import { hasPermission } from '../auth/permissions.js';

/**
 * Who may see a notification: a key receives an event only if it holds one of the permissions that
 * would let it read the same fact over REST. So the purple's key hears about new email (it may read
 * email) but not about scheduled future events, holds or key changes, and a notification never
 * tells a key more than its own reads would.
 */

/** Reads of a modality's state; `environment:read` shows every modality at once. */
function modalityReads(modality: string): readonly string[] {
  // The `time` modality (display preferences) has no routes of its own; `time:read` is the clock.
  if (modality === 'time') return ['environment:read'];
  return [`${modality}:state`, `${modality}:query`, 'environment:read'];
}

const MODALITY_GROUPS = new Set(['email', 'sms', 'chat', 'calendar', 'contacts', 'location', 'weather']);

/** The permissions any one of which lets a key see this notification (`*` always does). */
export function permissionsToSee(type: string, data: Record<string, unknown>): readonly string[] {
  const group = type.slice(0, type.indexOf('.'));
  if (MODALITY_GROUPS.has(group)) return modalityReads(group);
  switch (group) {
    case 'time':
      return ['time:read'];
    case 'simulation':
    case 'undo':
    case 'redo':
      return ['simulation:status'];
    case 'hold':
      return ['simulation:holds'];
    case 'event':
      // An executed or failed event is already visible in the state of its modality.
      if ((type === 'event.executed' || type === 'event.failed') && typeof data.modality === 'string') {
        return ['events:list', 'events:read', ...modalityReads(data.modality)];
      }
      return ['events:list', 'events:read'];
    default:
      return ['*'];
  }
}

/** What a visibility decision depends on: the type, and the modality for executed events. */
export function visibilityKey(type: string, data: Record<string, unknown>): string {
  return type.startsWith('event.') && typeof data.modality === 'string'
    ? `${type}\u0000${data.modality}`
    : type;
}

/** Caches a key's visibility decisions per `visibilityKey`. */
export class VisibilityCache {
  private readonly decisions = new Map<string, boolean>();

  constructor(private readonly permissions: readonly string[]) {}

  canSee(type: string, data: Record<string, unknown>, cacheKey = visibilityKey(type, data)): boolean {
    let decision = this.decisions.get(cacheKey);
    if (decision === undefined) {
      decision = permissionsToSee(type, data).some((permission) =>
        hasPermission(this.permissions, permission),
      );
      this.decisions.set(cacheKey, decision);
    }
    return decision;
  }
}
