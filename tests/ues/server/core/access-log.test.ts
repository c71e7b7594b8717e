import { describe, expect, it } from 'vitest';
import { AccessLog } from '../../../../src/ues/server/core/access-log.js';

const entry = (path: string, keyId: string | null = 'k') => ({
  timestamp: 0,
  method: 'GET',
  path,
  status_code: 200,
  duration_ms: 1,
  client_ip: null,
  user_agent: null,
  key_id: keyId,
  key_name: null,
  error_detail: null,
});

describe('AccessLog', () => {
  it('answers what was recorded after an entry, across the wrap of its ring, newest first', () => {
    const log = new AccessLog(4);
    for (const path of ['/a', '/b', '/c']) log.record(entry(path));
    const b = log.query({}).find((found) => found.path === '/b')!;
    for (const path of ['/d', '/e']) log.record(entry(path, path === '/d' ? 'other' : 'k'));
    // The ring holds b, c, d, e now (a was dropped).
    expect(log.all().map((found) => found.path)).toEqual(['/b', '/c', '/d', '/e']);
    expect(log.query({}, b.log_id).map((found) => found.path)).toEqual(['/e', '/d', '/c']);
    expect(log.query({ key_id: 'k' }, b.log_id).map((found) => found.path)).toEqual(['/e', '/c']);
    log.record(entry('/f'));
    expect(log.has(b.log_id)).toBe(false);
    const newest = log.query({})[0]!;
    expect(newest.path).toBe('/f');
    expect(log.query({}, newest.log_id)).toEqual([]);
    log.clear();
    expect(log.has(newest.log_id)).toBe(false);
    expect(log.query({})).toEqual([]);
  });
});
