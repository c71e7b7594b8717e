import { z } from 'zod';
import { keyInfo } from '../../auth/keys.js';
import { formatTime } from '../../core/time.js';
import type { UesRouter } from '../router.js';
import { zQueryBool } from '../validation.js';

const createKeyBody = z.object({
  name: z.string().min(1).max(100),
  permissions: z.array(z.string()).min(1),
});
const keyIdParams = z.object({ key_id: z.string() });

/** `/keys`: scoped API keys. Secrets are returned once, at creation. */
export function registerKeyRoutes(router: UesRouter): void {
  const { keys } = router.context;

  router.post('/keys', { permission: 'keys:create', body: createKeyBody }, ({ body, key, reply }) => {
    const created = keys.create(body.name, body.permissions, key.key_id);
    reply.code(201);
    return {
      key_id: created.key.key_id,
      secret: created.secret,
      name: created.key.name,
      permissions: created.key.permissions,
      created_at: formatTime(created.key.created_at),
      created_by: created.key.created_by,
    };
  });

  router.get(
    '/keys',
    { permission: 'keys:list', query: z.object({ include_revoked: zQueryBool.default(true) }) },
    ({ query }) => {
      const counts = keys.counts();
      return { keys: keys.list(query.include_revoked).map(keyInfo), ...counts };
    },
  );

  router.get('/keys/:key_id', { permission: 'keys:read', params: keyIdParams }, ({ params }) =>
    keyInfo(keys.get(params.key_id)),
  );

  router.delete('/keys/:key_id', { permission: 'keys:revoke', params: keyIdParams }, ({ params }) => {
    const revoked = keys.revoke(params.key_id);
    return {
      key_id: revoked.key_id,
      name: revoked.name,
      revoked_at: formatTime(revoked.revoked_at!),
      message: `API key '${revoked.name}' has been revoked and can no longer be used`,
    };
  });
}
