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

/**
 * The query echo (`query` in the answer): the fields given, with the order really applied. When
 * the caller asked for an order that was not applied (a `sort_order` without a sortable
 * `sort_by`, or a `sort_by` that does not sort), `sort_note` says so and names what does sort, so
 * the echo never reads as if the request had been honoured.
 */
export function echoQuery(
  body: Record<string, unknown>,
  order: AppliedOrder,
  requested?: { raw: unknown; sortable: readonly string[] },
): Record<string, unknown> {
  const echo: Record<string, unknown> = { ...withoutNulls(body), ...order };
  const raw = requested?.raw;
  if (order.sort_by === INSERTION_ORDER.sort_by && raw !== null && typeof raw === 'object') {
    const { sort_by: sortBy, sort_order: sortOrder } = raw as Record<string, unknown>;
    const askedBy = sortBy !== null && sortBy !== undefined && sortBy !== INSERTION_ORDER.sort_by;
    const askedOrder =
      sortOrder !== null && sortOrder !== undefined && sortOrder !== INSERTION_ORDER.sort_order;
    if (askedBy || askedOrder) {
      echo['sort_note'] =
        `${askedBy ? `sort_by ${JSON.stringify(sortBy)} does not sort` : 'without a sort_by, sort_order does not apply'}: ` +
        `the results are in the order stored; sort_by ${requested!.sortable.join(', ')} sorts (then sort_order applies)`;
    }
  }
  return echo;
}
