import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PURPLE_UES_PERMISSIONS } from '../../../src/protocol/index.js';
import { createUesApp } from '../../../src/ues/server/app.js';
import { documentedDefault } from '../../../src/ues/server/http/doc-meta.js';
import {
  renderRouteReference,
  routesFor,
  withRouteReference,
} from '../../../src/ues/server/http/route-docs.js';
import type { RouteInfo } from '../../../src/ues/server/http/router.js';
import { routeReference } from '../../../src/ues/server/route-reference.js';

const GUIDE = new URL('../../../docs/PURPLE_AGENT_GUIDE.md', import.meta.url);

describe('the request reference of docs/PURPLE_AGENT_GUIDE.md (Appendix A)', () => {
  it('is what the route schemas say (run "npm run schemas" if not)', async () => {
    const guide = await readFile(GUIDE, 'utf8');
    expect(withRouteReference(guide, await routeReference(PURPLE_UES_PERMISSIONS))).toBe(guide);
  });

  it('documents every route the purple key may call, and no other', async () => {
    const guide = await readFile(GUIDE, 'utf8');
    const appendix = guide.slice(guide.indexOf('## Appendix A'));
    const { app, router } = createUesApp({ adminKey: 'k'.repeat(40) });
    try {
      const allowed = routesFor(router.routes, PURPLE_UES_PERMISSIONS);
      expect(allowed.filter((route) => route.method === 'POST').length).toBeGreaterThanOrEqual(29);
      for (const route of allowed) {
        expect(appendix, `${route.method} ${route.path}`).toContain(
          `**\`${route.method} ${route.path}\`** (\`${route.permission}\`)`,
        );
      }
      const documented = [...appendix.matchAll(/\*\*`(GET|POST) ([^`]+)`\*\*/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      );
      expect(documented.sort()).toEqual(allowed.map((route) => `${route.method} ${route.path}`).sort());
    } finally {
      await app.close();
    }
  });

  it('names what an assistant in another language needs: the user’s own address, required fields, defaults', async () => {
    const reference = await routeReference(PURPLE_UES_PERMISSIONS);
    const section = (route: string): string => {
      const start = reference.indexOf(`**\`${route}\`**`);
      return reference.slice(start, reference.indexOf('\n**`', start + 1));
    };
    expect(section('POST /email/send')).toContain(
      '| `from_address` | email address | **required** | the user’s own address (GET /email/state: user_email_address) |',
    );
    expect(section('POST /email/send')).toContain(
      '| `to_addresses` | list of email address, at least 1 | **required** |',
    );
    expect(section('POST /sms/send')).toContain('| `from_number` | non-empty string | **required** |');
    // Defaults zod applies in transforms are documented too.
    expect(section('POST /email/query')).toContain('| `sort_order` | "asc" \\| "desc" | default `"desc"` |');
    expect(section('POST /calendar/create')).toContain('| `timezone` | non-empty string | default `"UTC"` |');
    expect(section('POST /calendar/create')).toContain(
      '| `start` | date-time (ISO 8601 with a zone) | **required** |',
    );
    expect(section('POST /calendar/create')).toContain('| `attendees[].email` | string | **required** |');
    expect(section('POST /calendar/create')).toContain('| `recurrence.frequency` |');
    expect(section('POST /weather/query')).toContain('standard: Kelvin and m/s');
    expect(section('POST /chat/send')).toContain(
      '| `conversation_id` | non-empty string | optional | default: the default conversation',
    );
  });
});

describe('renderRouteReference', () => {
  const route = (method: RouteInfo['method'], path: string, body?: z.ZodType): RouteInfo => ({
    method,
    path,
    permission: `x:${path.split('/')[2]}`,
    ...(body ? { body } : {}),
  });

  it('shares one table between consecutive routes with the same body, and nests objects', () => {
    const ids = z.object({ message_ids: z.array(z.string()).min(1) });
    const rendered = renderRouteReference([
      route('POST', '/mail/read', ids),
      route('POST', '/mail/unread', ids),
      route(
        'POST',
        '/mail/send',
        z.object({
          to: z.array(z.object({ email: z.string(), name: z.string().nullish() })),
          limit: z.number().int().min(1).max(50).nullish(),
          order: documentedDefault(
            z
              .enum(['asc', 'desc'])
              .nullish()
              .transform((v) => v ?? 'asc'),
            'asc',
          ),
        }),
      ),
    ]);
    expect(rendered).toContain(
      '**`POST /mail/read`** (`x:read`), **`POST /mail/unread`** (`x:unread`)\n\n| Field',
    );
    expect(rendered.match(/\| `message_ids` \|/g)).toHaveLength(1);
    expect(rendered).toContain('| `to[].email` | string | **required** |');
    expect(rendered).toContain('| `to[].name` | string | optional |');
    expect(rendered).toContain('| `limit` | integer 1…50 | optional |');
    expect(rendered).toContain('| `order` | "asc" \\| "desc" | default `"asc"` |');
  });

  it('refuses a document without the generated section’s markers', () => {
    expect(() => withRouteReference('# A guide', 'x')).toThrow(/no "<!-- BEGIN GENERATED request reference/);
  });
});
