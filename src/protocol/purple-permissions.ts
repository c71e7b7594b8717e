/**
 * The permissions of the UES key the green mints for a purple — a contract both sides share: the
 * original green's `USER_PERMISSIONS` (ORIGINAL_PYTHON_IMPLEMENTATION.md §5.2; the original
 * describes 30 entries and has 29, reproduced unchanged), plus what a personal assistant needs of
 * the modalities the simulator gained since (contacts read/create/update, location and weather
 * reads). Reads of every user-facing modality and the clock, and the user-side actions; never
 * injection (`*:receive`, `location:update`, `weather:update`), speaking as the user in chat
 * (`chat:send_as_user`), time or simulation control, events, keys, webhooks or logs.
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
  // Contacts, location and weather (issue 10): the address book as the user keeps it, and reads
  'contacts:state',
  'contacts:query',
  'contacts:create',
  'contacts:update',
  'location:state',
  'location:query',
  'weather:state',
  'weather:query',
]);
