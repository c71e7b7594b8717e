import { describe, expect, it } from 'vitest';
import { VariantText } from '../../../../src/green/scenarios/variants/text.js';

/** A variant text that renames `places` (and `people`, word for word) and shifts nothing. */
function renaming(places: Record<string, string>, people: Record<string, string> = {}): VariantText {
  return new VariantText(
    {
      literals: new Map([...Object.entries(places), ...Object.entries(people)]),
      addresses: new Map(),
      phones: [],
      renamed: {},
      places,
    },
    { days: 0, reference: { year: 2026, month: 4, day: 20 }, numeric: 'mdy' } as never,
    new Set(),
  );
}

describe('variant text', () => {
  it('renames a place split into a contact’s first and last name as a whole (blind G117)', () => {
    const text = renaming({ 'Bella Vista': 'The Copper Pot' });
    const contact = {
      first_name: 'Bella',
      last_name: 'Vista',
      company: 'Bella Vista',
      notes: 'Our favourite.',
    };
    expect(text.json(contact)).toEqual({
      first_name: 'The',
      last_name: 'Copper Pot',
      company: 'The Copper Pot',
      notes: 'Our favourite.',
    });
    // A person's name is renamed token by token, as before.
    expect(text.json({ first_name: 'Dan', last_name: 'Whitaker' })).toEqual({
      first_name: 'Dan',
      last_name: 'Whitaker',
    });
  });

  it('renames a place that spans a contact’s first and last name and goes on ("Thornfield" "Barn Events"; blind G157)', () => {
    const text = renaming({ 'Thornfield Barn': 'Hollowmere Barn' }, { Dana: 'Hana' });
    expect(
      text.json({ first_name: 'Thornfield', last_name: 'Barn Events', company: 'Thornfield Barn' }),
    ).toEqual({
      first_name: 'Hollowmere',
      last_name: 'Barn Events',
      company: 'Hollowmere Barn',
    });
    // The farm shop next door shares a word, not the place: it keeps its name.
    expect(text.json({ first_name: 'Thornfield', last_name: 'Farm Shop' })).toEqual({
      first_name: 'Thornfield',
      last_name: 'Farm Shop',
    });
    expect(text.json({ first_name: 'Dana', last_name: 'Whitcombe' })).toEqual({
      first_name: 'Hana',
      last_name: 'Whitcombe',
    });
  });
});
