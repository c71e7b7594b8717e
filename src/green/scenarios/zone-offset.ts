/**
 * The offset of an IANA zone from UTC at an instant, in whole minutes (positive east of
 * Greenwich). Scenario times are written in the user's zone; variants and the authoring kit both
 * turn local wall-clock times into instants, across DST changes, with this one function.
 */
export function zoneOffsetMinutes(ms: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - Math.floor(ms / 60_000) * 60_000) / 60_000);
}
