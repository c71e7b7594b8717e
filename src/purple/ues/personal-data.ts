import {
  createdContactId,
  type CallOptions,
  type Contact,
  type ContactsQuery,
  type CreateContactRequest,
  type LocationQuery,
  type LocationQueryEntry,
  type ModalityActionResponse,
  type UesClient,
  type WeatherReport,
} from '../../ues/client/index.js';
import { collectPages, requireExecuted } from './action-results.js';

/**
 * The contacts, location and weather reads and actions behind PurpleUESClient (kept here so the
 * client stays one screenful per modality).
 */

/** Every contact matching `query` (all pages), in address-book order unless `query` sorts. */
export function queryContacts(
  client: UesClient,
  options: CallOptions,
  query: ContactsQuery,
): Promise<Contact[]> {
  return collectPages(async (offset, limit) => {
    const page = await client.contacts.query({ ...query, offset, limit }, options);
    return { items: page.contacts, total: page.total_count };
  });
}

export async function createContact(
  client: UesClient,
  options: CallOptions,
  request: CreateContactRequest,
): Promise<{ contactId: string | undefined; response: ModalityActionResponse }> {
  const response = requireExecuted('POST /contacts/create', await client.contacts.create(request, options));
  return { contactId: createdContactId(response), response };
}

/** The user's current position, or undefined when none is set. */
export async function currentLocation(
  client: UesClient,
  options: CallOptions,
): Promise<{ latitude: number; longitude: number; address?: string; named_location?: string } | undefined> {
  const { current } = await client.location.state({ compact: true }, options);
  if (typeof current.latitude !== 'number' || typeof current.longitude !== 'number') return undefined;
  return current as { latitude: number; longitude: number; address?: string; named_location?: string };
}

/** Past and current positions matching `query`, newest first unless `query` sorts otherwise. */
export async function locationHistory(
  client: UesClient,
  options: CallOptions,
  query: LocationQuery,
): Promise<LocationQueryEntry[]> {
  return (await client.location.query(query, options)).locations;
}

/** The current report for a location (rounded to 0.01°), or undefined when UES has none. */
export async function weatherAt(
  client: UesClient,
  options: CallOptions,
  latitude: number,
  longitude: number,
  units: 'standard' | 'metric' | 'imperial',
): Promise<WeatherReport | undefined> {
  const result = await client.weather.query({ lat: latitude, lon: longitude, units }, options);
  return result.reports[0];
}

/** The locations UES has weather for, as `{key, latitude, longitude}`. */
export async function weatherLocations(
  client: UesClient,
  options: CallOptions,
): Promise<{ key: string; latitude: number; longitude: number }[]> {
  const state = await client.weather.state({ compact: true }, options);
  return Object.entries(state.locations).map(([key, location]) => ({
    key,
    latitude: location.latitude,
    longitude: location.longitude,
  }));
}
