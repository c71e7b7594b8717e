import { InProcessUesRunner, type UesInstance } from '../../src/green/runtime/index.js';
import { UesClient } from '../../src/ues/client/index.js';

/** A real in-process UES plus an admin client, for tests. Close it with `instance.stop()`. */
export async function startAdminUes(): Promise<{ instance: UesInstance; client: UesClient }> {
  const instance = await new InProcessUesRunner().start();
  const client = new UesClient({ baseUrl: instance.url, apiKey: instance.adminKey, retry: false });
  return { instance, client };
}
