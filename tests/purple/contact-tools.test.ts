import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_TOOLS } from '../../src/purple/tools/contact-tools.js';
import { ToolArgumentsError } from '../../src/purple/tools/index.js';
import { PLACE_TOOLS } from '../../src/purple/tools/place-tools.js';
import { PurpleUESClient } from '../../src/purple/index.js';
import { startPurpleUes, type PurpleUes } from './support/purple-ues.js';

/** The llm baseline's contact, location and weather tools against a real UES with the purple key. */
describe('contact and place tools', () => {
  let env: PurpleUes;
  let ues: PurpleUESClient;
  const tool = (name: string) =>
    [...CONTACT_TOOLS, ...PLACE_TOOLS].find((candidate) => candidate.name === name)!;

  beforeAll(async () => {
    env = await startPurpleUes({ start: '2026-03-10T12:00:00Z' });
    ues = PurpleUESClient.connect(env.url, env.purpleKey.secret);
  });
  afterAll(() => env.close());

  it('creates, finds and updates contacts, refusing a contact with no way to reach it', async () => {
    await expect(tool('create_contact').execute({ first_name: 'Nobody' }, ues)).rejects.toBeInstanceOf(
      ToolArgumentsError,
    );
    const created = (await tool('create_contact').execute(
      { first_name: 'Karen', last_name: 'Mitchell', emails: ['karen@acme.com'], phones: ['555 010 2000'] },
      ues,
    )) as { ok: boolean; contact_id: string };
    expect(created).toMatchObject({ ok: true, status: 'executed', contact_id: expect.any(String) });
    await tool('update_contact').execute(
      {
        contact_id: created.contact_id,
        company: 'Acme',
        add_emails: ['k.mitchell@acme.com'],
        add_phones: ['+1 555 010 9999'],
        add_groups: ['work'],
      },
      ues,
    );
    // A number written another way is still the one removed.
    await tool('update_contact').execute(
      { contact_id: created.contact_id, remove_phones: ['(555) 010-9999'] },
      ues,
    );
    const found = await tool('find_contacts').execute({ search: 'acme' }, ues);
    expect(found).toEqual({
      order: 'by name',
      total: 1,
      offset: 0,
      returned: 1,
      next_offset: null,
      contacts: [
        {
          contact_id: created.contact_id,
          name: 'Karen Mitchell',
          phones: ['+15550102000'],
          emails: ['karen@acme.com', 'k.mitchell@acme.com'],
          company: 'Acme',
          job_title: null,
          groups: ['work'],
          is_favorite: false,
          is_blocked: false,
          notes: null,
        },
      ],
    });
    expect(await env.purpleActions()).toEqual([
      'contacts.create_contact',
      'contacts.update_contact',
      'contacts.update_contact',
    ]);
  });

  it('reports the weather where the user is, and says when it does not know', async () => {
    expect(await tool('get_weather').execute({}, ues)).toMatchObject({ report: null });
    expect(await tool('get_location').execute({}, ues)).toEqual({ locations: [] });
    await env.admin.location.update({ latitude: 48.8566, longitude: 2.3522, named_location: 'Hotel' });
    expect(await tool('get_weather').execute({}, ues)).toMatchObject({
      latitude: 48.8566,
      report: null,
      note: 'No weather report for this place.',
    });
    await env.admin.weather.update({
      latitude: 48.8566,
      longitude: 2.3522,
      report: {
        lat: 48.8566,
        lon: 2.3522,
        timezone: 'Europe/Paris',
        timezone_offset: 3600,
        current: {
          dt: 1773144000,
          sunrise: 1773124000,
          sunset: 1773166000,
          temp: 283.15,
          feels_like: 281.15,
          pressure: 1018,
          humidity: 70,
          dew_point: 278,
          uvi: 2,
          clouds: 40,
          visibility: 10000,
          wind_speed: 4,
          wind_deg: 180,
          weather: [{ id: 802, main: 'Clouds', description: 'scattered clouds', icon: '03d' }],
        },
      },
    });
    const weather = (await tool('get_weather').execute({}, ues)) as any;
    expect(weather.report.current.temperature).toBeCloseTo(10, 6);
    expect(weather.report.current.conditions).toEqual(['scattered clouds']);
    const location = (await tool('get_location').execute({ limit: 5 }, ues)) as any;
    expect(location.locations[0]).toMatchObject({ named_location: 'Hotel', is_current: true });
  });
});
