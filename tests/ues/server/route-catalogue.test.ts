import { describe, expect, it } from 'vitest';
import { createUesApp } from '../../../src/ues/server/app.js';

/** The reference's endpoint count per group (UES_API.md §3.12): 108 HTTP endpoints plus `/ws`. */
const REFERENCE = {
  root: 1,
  health: 1,
  simulator: 7,
  simulation: 10,
  events: 8,
  environment: 3,
  scenario: 6,
  keys: 4,
  'access-logs': 3,
  webhooks: 9,
  email: 13,
  sms: 9,
  chat: 5,
  calendar: 11,
  contacts: 12,
  location: 3,
  weather: 3,
};

/** Our routes beyond the reference (docs/UES.md, "Differences from the original"). */
const ADDITIONS = ['GET /events/executed', 'POST /email/forward'];

describe('route catalogue', () => {
  it('serves every endpoint group of the reference with its full count (108 routes), plus our additions', async () => {
    const { app, router } = createUesApp({ adminKey: 'k'.repeat(40) });
    try {
      const names = router.routes.map((route) => `${route.method} ${route.path}`);
      const groups: Record<string, number> = {};
      for (const route of router.routes) {
        if (ADDITIONS.includes(`${route.method} ${route.path}`)) continue;
        const group = route.path.split('/')[1] || 'root';
        groups[group] = (groups[group] ?? 0) + 1;
      }
      expect(groups).toEqual(REFERENCE);
      expect(names).toEqual(expect.arrayContaining(ADDITIONS));
      expect(router.routes).toHaveLength(108 + ADDITIONS.length);
      expect(new Set(names).size).toBe(108 + ADDITIONS.length);
    } finally {
      await app.close();
    }
  });
});
