/**
 * Permission check, in the original's order: `*`, the exact string, then `prefix:*` for each
 * `:`-separated prefix (`calendar:*` grants `calendar:calendars:create`).
 */
export function hasPermission(granted: readonly string[], required: string): boolean {
  if (granted.includes('*') || granted.includes(required)) return true;
  const parts = required.split(':');
  for (let length = 1; length < parts.length; length++) {
    if (granted.includes(`${parts.slice(0, length).join(':')}:*`)) return true;
  }
  return false;
}
