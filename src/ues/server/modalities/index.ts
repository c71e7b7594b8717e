import { calendarModality } from './calendar/index.js';
import { chatModality } from './chat/index.js';
import { contactsModality } from './contacts/index.js';
import { locationModality } from './location/index.js';
import { emailModality } from './email/index.js';
import type { ModalityPlugin } from './plugin.js';
import { smsModality } from './sms/index.js';
import { timePreferencesModality } from './time/index.js';
import { weatherModality } from './weather/index.js';

/** The modalities a default simulator has, in the order `/environment/modalities` lists them. */
export const DEFAULT_MODALITY_PLUGINS: readonly ModalityPlugin[] = [
  emailModality,
  smsModality,
  chatModality,
  calendarModality,
  contactsModality,
  locationModality,
  weatherModality,
  timePreferencesModality,
];
