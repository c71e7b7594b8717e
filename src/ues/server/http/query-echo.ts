/** Drops null and absent fields, as the original's `model_dump(exclude_none=True)`. */
export function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value))
    if (entry !== null && entry !== undefined) kept[key] = entry;
  return kept;
}

/** The order a list query's results are in. */
export interface AppliedOrder {
  sort_by: string;
  sort_order: 'asc' | 'desc';
}

/**
 * Results of an email or SMS query without a sortable `sort_by` keep the order the messages were
 * stored in (the scenario's order, then arrivals and sends as they happened), as in the original.
 * The original still echoes the default `sort_order: "desc"` it did not apply; ours says this.
 */
export const INSERTION_ORDER: AppliedOrder = Object.freeze({ sort_by: 'insertion', sort_order: 'asc' });

/** The query echo (`query` in the answer): the fields given, with the order really applied. */
export function echoQuery(body: Record<string, unknown>, order: AppliedOrder): Record<string, unknown> {
  return { ...withoutNulls(body), ...order };
}
