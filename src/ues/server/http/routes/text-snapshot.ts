const HEADINGS: Record<string, string> = {
  location: '📍 LOCATION',
  weather: '🌤️ WEATHER',
  email: '📧 EMAIL',
  calendar: '📅 CALENDAR',
  sms: '💬 SMS',
  contacts: '👤 CONTACTS',
  chat: '🤖 CHAT',
  time: '🕐 TIME PREFS',
};

function renderValue(value: unknown, indent: string): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) {
    return value.flatMap((item) =>
      typeof item === 'object' && item !== null
        ? [
            `${indent}- ${Object.values(item)
              .filter((part) => part !== null)
              .join(' · ')}`,
          ]
        : [`${indent}- ${String(item)}`],
    );
  }
  if (typeof value === 'object') {
    return Object.entries(value).flatMap(([key, entry]) => {
      if (entry === null || entry === undefined) return [];
      if (typeof entry === 'object') return [`${indent}${key}:`, ...renderValue(entry, `${indent}  `)];
      return [`${indent}${key}: ${String(entry)}`];
    });
  }
  return [`${indent}${String(value)}`];
}

/** The `format=text` compact snapshot: a header, then one emoji-headed block per modality. */
export function renderTextSnapshot(snapshot: {
  snapshot_time: string;
  modalities: Record<string, Record<string, unknown>>;
  events: { pending_count: number; next_event_time: string | null; next_event_modality: string | null };
}): string {
  const lines = ['=== UES Environment Snapshot ===', `Time: ${snapshot.snapshot_time}`, ''];
  for (const [name, compact] of Object.entries(snapshot.modalities)) {
    lines.push(HEADINGS[name] ?? name.toUpperCase(), ...renderValue(compact, '  '), '');
  }
  lines.push(
    `⏭️ EVENTS: ${snapshot.events.pending_count} pending` +
      (snapshot.events.next_event_time
        ? `, next at ${snapshot.events.next_event_time} (${snapshot.events.next_event_modality})`
        : ''),
  );
  return `${lines.join('\n')}\n`;
}
