/**
 * The permissions of the UES key the green mints for a purple — a contract both sides share:
 * exactly the original green's `USER_PERMISSIONS` (ORIGINAL_PYTHON_IMPLEMENTATION.md §5.2). Reads of every user-facing modality and the clock, and
 * the user-side actions; never injection (`*:receive`), time or simulation control, events, keys
 * or logs. The original describes the list as 30 entries; it has 29, reproduced here unchanged.
 */
export const PURPLE_UES_PERMISSIONS: readonly string[] = Object.freeze([
  // Reads
  'email:state',
  'email:query',
  'sms:state',
  'sms:query',
  'calendar:state',
  'calendar:query',
  'chat:state',
  'chat:query',
  'time:read',
  // Email, as the user
  'email:send',
  'email:read',
  'email:unread',
  'email:star',
  'email:unstar',
  'email:archive',
  'email:delete',
  'email:label',
  'email:unlabel',
  'email:move',
  // SMS, as the user
  'sms:send',
  'sms:read',
  'sms:unread',
  'sms:delete',
  'sms:react',
  // Calendar, as the user
  'calendar:create',
  'calendar:update',
  'calendar:delete',
  'calendar:respond',
  // Chat with the user
  'chat:send',
]);
