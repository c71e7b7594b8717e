/**
 * Typed client of the UES REST API. The green evaluator and the purple assistant kit reach the
 * simulator only through this module.
 */
export { UesClient, type UesClientOptions } from './client.js';
export { waitForHealthy, type WaitForHealthyOptions } from './wait-for-healthy.js';
export {
  UesApiError,
  UesAuthError,
  UesClientError,
  UesConflictError,
  UesConnectionError,
  UesNotFoundError,
  UesPermissionError,
  UesResponseShapeError,
  UesServerError,
  UesTimeoutError,
  UesValidationError,
  type UesApiErrorInit,
  type UesFieldError,
  type UesShapeIssue,
} from './errors.js';
export { describeErrorBody } from './error-mapping.js';
export {
  retryDelayMs,
  resolveRetryPolicy,
  type RetryOptions,
  type RetryPolicy,
  type Sleep,
} from './retry.js';
export type { CallOptions } from './transport.js';
export type { DateTimeInput } from './wire.js';

export type { TimeClient } from './resources/time.js';
export type {
  AcquireHoldRequest,
  ClearSimulationRequest,
  SimulationClient,
  StartSimulationRequest,
  UndoRedoRequest,
} from './resources/simulation.js';
export type { EventsClient } from './resources/events.js';
export type { EnvironmentClient, EnvironmentStateQuery } from './resources/environment.js';
export type {
  EnvironmentInput,
  EventInput,
  EventsInput,
  ExportFullQuery,
  ImportEnvironmentRequest,
  ImportEventsRequest,
  ImportFullRequest,
  ScenarioClient,
  ScenarioInput,
} from './resources/scenario.js';
export type { CreateKeyRequest, KeysClient } from './resources/keys.js';
export type { EmailClient, EmailStateQuery } from './resources/email.js';
export type { SmsClient } from './resources/sms.js';
export type { ChatClient } from './resources/chat.js';
export { createdCalendarEventId, type CalendarClient } from './resources/calendar.js';
export type { AccessLogQuery, AccessLogsClient } from './resources/access-logs.js';
export { createdContactId, type ContactsClient } from './resources/contacts.js';
export type { LocationClient } from './resources/location.js';
export type { WeatherClient } from './resources/weather.js';
export type { CreateWebhookRequest, UpdateWebhookRequest, WebhooksClient } from './resources/webhooks.js';
export {
  UesNotificationStream,
  UesNotificationStreamClosedError,
  type ConnectNotificationsOptions,
  type NotificationsClient,
} from './resources/notifications.js';

export type * from './requests/events.js';
export type * from './requests/email.js';
export type * from './requests/sms.js';
export type * from './requests/chat.js';
export type * from './requests/calendar.js';
export type * from './requests/contacts.js';
export type * from './requests/location.js';
export type * from './requests/weather.js';

export * from './schemas/common.js';
export * from './schemas/time.js';
export * from './schemas/simulation.js';
export * from './schemas/events.js';
export * from './schemas/environment.js';
export * from './schemas/scenario.js';
export * from './schemas/keys.js';
export * from './schemas/email.js';
export * from './schemas/sms.js';
export * from './schemas/chat.js';
export * from './schemas/calendar.js';
export * from './schemas/access-logs.js';
export * from './schemas/contacts.js';
export * from './schemas/location.js';
export * from './schemas/weather.js';
export * from './schemas/webhooks.js';
