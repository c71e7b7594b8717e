import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUes, type TestUes } from '../../helpers.js';

const people = [
  {
    first_name: 'Ana',
    last_name: 'López',
    identifiers: [{ identifier_type: 'phone', value: '5558675309' }],
    company: 'Acme',
    groups: ['work'],
    is_favorite: true,
  },
  {
    first_name: 'Bo',
    identifiers: [{ identifier_type: 'email', value: 'bo@example.com' }],
    notes: 'Knows Ana from school',
    groups: ['friends'],
  },
  {
    display_name: 'Mom',
    identifiers: [
      { identifier_type: 'phone', value: '+44 20 7946 0958' },
      { identifier_type: 'email', value: 'mum@example.co.uk' },
    ],
    groups: ['family'],
    is_blocked: false,
  },
  {
    nickname: 'Zed',
    identifiers: [{ identifier_type: 'handle', value: '@zed' }],
    is_blocked: true,
  },
];

describe('POST /contacts/query', () => {
  let ues: TestUes;
  const names: Record<string, string> = {};
  beforeAll(async () => {
    ues = await startTestUes();
    for (const [index, person] of people.entries()) {
      // One simulated minute apart, so created_at/updated_at order the contacts.
      if (index > 0) await ues.call('POST', '/simulator/time/advance', { body: { seconds: 60 } });
      const created = await ues.call('POST', '/contacts/create', { body: person });
      names[created.body.contact_id] = person.first_name ?? person.display_name ?? person.nickname!;
    }
  });
  afterAll(() => ues.close());

  const query = async (body: Record<string, unknown>) => {
    const response = await ues.call('POST', '/contacts/query', { body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const namesOf = (result: any): string[] =>
    result.contacts.map((contact: any) => contact.resolved_display_name);

  it('lists every contact in insertion order with counts and an echo of the query', async () => {
    const result = await query({});
    expect(namesOf(result)).toEqual(['Ana López', 'Bo', 'Mom', 'Zed']);
    expect(result).toMatchObject({ modality_type: 'contacts', total_count: 4, returned_count: 4 });
    expect(result.query).toEqual({ offset: 0, sort_order: 'asc' });
  });

  it('searches names, notes, company and identifier values, case-insensitively', async () => {
    expect(namesOf(await query({ search_text: 'ANA' }))).toEqual(['Ana López', 'Bo']);
    expect(namesOf(await query({ search_text: 'acme' }))).toEqual(['Ana López']);
    expect(namesOf(await query({ search_text: '7946' }))).toEqual(['Mom']);
    expect(namesOf(await query({ search_text: 'nobody' }))).toEqual([]);
  });

  it('filters by group, favorite, blocked, phone and email presence', async () => {
    expect(namesOf(await query({ group: 'family' }))).toEqual(['Mom']);
    expect(namesOf(await query({ is_favorite: true }))).toEqual(['Ana López']);
    expect(namesOf(await query({ is_blocked: false }))).toEqual(['Ana López', 'Bo', 'Mom']);
    expect(namesOf(await query({ has_phone: true }))).toEqual(['Ana López', 'Mom']);
    expect(namesOf(await query({ has_phone: false, has_email: false }))).toEqual(['Zed']);
    expect(namesOf(await query({ has_email: true, group: 'friends' }))).toEqual(['Bo']);
  });

  it('matches identifiers exactly, comparing phones in normalized form', async () => {
    expect(namesOf(await query({ identifier_type: 'phone', identifier_value: '(555) 867-5309' }))).toEqual([
      'Ana López',
    ]);
    expect(namesOf(await query({ identifier_type: 'email', identifier_value: 'bo@example.com' }))).toEqual([
      'Bo',
    ]);
    expect(namesOf(await query({ identifier_type: 'email', identifier_value: 'bo@example' }))).toEqual([]);
    expect(namesOf(await query({ identifier_type: 'handle' }))).toEqual(['Zed']);
    expect(namesOf(await query({ identifier_value: '@zed' }))).toEqual(['Zed']);
  });

  it('sorts by name, created_at or updated_at in either direction', async () => {
    expect(namesOf(await query({ sort_by: 'name', sort_order: 'desc' }))).toEqual([
      'Zed',
      'Mom',
      'Bo',
      'Ana López',
    ]);
    expect(namesOf(await query({ sort_by: 'created_at', sort_order: 'desc' }))).toEqual([
      'Zed',
      'Mom',
      'Bo',
      'Ana López',
    ]);
    expect(namesOf(await query({ sort_by: 'updated_at' }))).toEqual(['Ana López', 'Bo', 'Mom', 'Zed']);
  });

  it('pages with limit and offset after filtering, total_count before paging', async () => {
    const page = await query({ limit: 2, offset: 1, sort_by: 'name' });
    expect(namesOf(page)).toEqual(['Bo', 'Mom']);
    expect(page).toMatchObject({ total_count: 4, returned_count: 2 });
    expect(page.query).toEqual({ limit: 2, offset: 1, sort_by: 'name', sort_order: 'asc' });
    const beyond = await query({ offset: 10 });
    expect(beyond).toMatchObject({ contacts: [], total_count: 4, returned_count: 0 });
  });

  it('answers 422 naming the field for bad query bodies', async () => {
    for (const [body, loc] of [
      [{ limit: 0 }, ['body', 'limit']],
      [{ limit: 1001 }, ['body', 'limit']],
      [{ offset: -1 }, ['body', 'offset']],
      [{ is_favorite: 'yes' }, ['body', 'is_favorite']],
      [{ sort_by: 'birthday' }, ['body', 'sort_by']],
    ] as const) {
      const response = await ues.call('POST', '/contacts/query', { body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.detail[0].loc).toEqual(loc);
    }
    expect((await ues.call('POST', '/contacts/query', { rawBody: '{oops' })).status).toBe(422);
  });
});
