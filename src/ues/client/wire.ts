/**
 * Conversions between the client's friendly inputs and what goes on the wire: datetimes accept a
 * `Date` or an ISO 8601 string, and query strings drop parameters that were not given (the Python
 * client drops `None` the same way) so the server applies its own defaults.
 */

/** A datetime parameter: a `Date`, or an ISO 8601 string with a timezone (`2025-01-01T12:00:00Z`). */
export type DateTimeInput = Date | string;

/** A value a query parameter may take before it is turned into text. */
export type QueryValue = string | number | boolean | Date | null | undefined;

export type QueryParams = Record<string, QueryValue>;

/** Wire form of a datetime: strings pass through untouched, so the server judges their format. */
export function toWireTime(value: DateTimeInput): string {
  return value instanceof Date ? value.toISOString() : value;
}

/** `?a=1&b=true`, or '' when every parameter is absent. `null` and `undefined` are both "not given". */
export function buildQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(name, value instanceof Date ? value.toISOString() : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A path segment taken from user data (an event id, a key id), encoded so it cannot change the route. */
export function pathSegment(value: string): string {
  return encodeURIComponent(value);
}

/** Joins a base URL and a path without doubling or dropping the slash between them. */
export function joinUrl(baseUrl: string, pathAndQuery: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${pathAndQuery}`;
}
