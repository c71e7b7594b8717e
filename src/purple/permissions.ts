/**
 * What a purple assistant may do on UES: the user-level key the green mints for it holds exactly
 * these permissions (the original implementation's USER_PERMISSIONS). Everything else —
 * advancing time, injecting arrivals, reading the event log, managing keys — is the green's.
 */

import { PURPLE_UES_PERMISSIONS } from '../protocol/index.js';

export interface PurplePermission {
  permission: string;
  route: string;
  /** The PurpleUESClient method(s) that use it. */
  methods: readonly string[];
}

export const PURPLE_PERMISSION_TABLE: readonly PurplePermission[] = [
  { permission: 'email:state', route: 'GET /email/state', methods: ['getEmail', 'getUserEmailAddress'] },
  {
    permission: 'email:query',
    route: 'POST /email/query',
    methods: ['getUnreadEmails', 'queryEmails', 'getEmailThread', 'getEmailsByLabel'],
  },
  { permission: 'email:send', route: 'POST /email/send', methods: ['sendEmail', 'replyToEmail'] },
  { permission: 'email:read', route: 'POST /email/read', methods: ['markEmailsRead'] },
  { permission: 'email:unread', route: 'POST /email/unread', methods: ['markEmailsUnread'] },
  { permission: 'email:star', route: 'POST /email/star', methods: ['starEmails'] },
  { permission: 'email:unstar', route: 'POST /email/unstar', methods: ['unstarEmails'] },
  { permission: 'email:archive', route: 'POST /email/archive', methods: ['archiveEmails'] },
  { permission: 'email:delete', route: 'POST /email/delete', methods: ['deleteEmails'] },
  { permission: 'email:label', route: 'POST /email/label', methods: ['labelEmails'] },
  { permission: 'email:unlabel', route: 'POST /email/unlabel', methods: ['unlabelEmails'] },
  { permission: 'email:move', route: 'POST /email/move', methods: ['moveEmails'] },
  {
    permission: 'sms:state',
    route: 'GET /sms/state',
    methods: ['getUserPhoneNumber'],
  },
  { permission: 'sms:query', route: 'POST /sms/query', methods: ['getUnreadSms', 'querySms'] },
  { permission: 'sms:send', route: 'POST /sms/send', methods: ['sendSms'] },
  { permission: 'sms:read', route: 'POST /sms/read', methods: ['markSmsRead'] },
  { permission: 'sms:unread', route: 'POST /sms/unread', methods: ['markSmsUnread'] },
  { permission: 'sms:delete', route: 'POST /sms/delete', methods: ['deleteSms'] },
  { permission: 'sms:react', route: 'POST /sms/react', methods: ['reactToSms'] },
  { permission: 'calendar:state', route: 'GET /calendar/state', methods: ['getCalendarTimezone'] },
  {
    permission: 'calendar:query',
    route: 'POST /calendar/query',
    methods: ['getTodaysEvents', 'getEventsInRange', 'queryCalendar'],
  },
  { permission: 'calendar:create', route: 'POST /calendar/create', methods: ['createEvent'] },
  { permission: 'calendar:update', route: 'POST /calendar/update', methods: ['updateEvent'] },
  { permission: 'calendar:delete', route: 'POST /calendar/delete', methods: ['deleteEvent'] },
  { permission: 'calendar:respond', route: 'POST /calendar/respond', methods: ['rsvpToEvent'] },
  { permission: 'chat:state', route: 'GET /chat/state', methods: [] },
  {
    permission: 'chat:query',
    route: 'POST /chat/query',
    methods: ['getChatMessages', 'getNewUserMessages', 'getUserMessages'],
  },
  { permission: 'chat:send', route: 'POST /chat/send', methods: ['sendChatMessage'] },
  { permission: 'time:read', route: 'GET /simulator/time', methods: ['getCurrentTime'] },
  { permission: 'contacts:state', route: 'GET /contacts/state', methods: ['getContact'] },
  { permission: 'contacts:query', route: 'POST /contacts/query', methods: ['queryContacts'] },
  { permission: 'contacts:create', route: 'POST /contacts/create', methods: ['createContact'] },
  { permission: 'contacts:update', route: 'POST /contacts/update', methods: ['updateContact'] },
  { permission: 'location:state', route: 'GET /location/state', methods: ['getCurrentLocation'] },
  { permission: 'location:query', route: 'POST /location/query', methods: ['getLocationHistory'] },
  { permission: 'weather:state', route: 'GET /weather/state', methods: ['getWeatherLocations'] },
  { permission: 'weather:query', route: 'POST /weather/query', methods: ['getWeather'] },
];

/** The permission strings of the purple's UES key (the protocol's list; the table above covers each). */
export { PURPLE_UES_PERMISSIONS };
