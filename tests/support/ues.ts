import { PURPLE_PERMISSIONS } from '../../src/green/assessment/index.js';
import { InProcessUesRunner, type UesInstance } from '../../src/green/runtime/index.js';
import { UesClient } from '../../src/ues/client/index.js';

/** A real in-process UES plus an admin client, for tests. Close it with `instance.stop()`. */
export async function startAdminUes(): Promise<{ instance: UesInstance; client: UesClient }> {
  const instance = await new InProcessUesRunner().start();
  const client = new UesClient({ baseUrl: instance.url, apiKey: instance.adminKey, retry: false });
  return { instance, client };
}

export interface PurpleUes {
  instance: UesInstance;
  admin: UesClient;
  /** A client acting with the purple's key (the green's exact permissions). */
  purple: UesClient;
  purpleKeyId: string;
  close(): Promise<void>;
}

/** A running simulation (manual time, clock at `start`) with a purple key. */
export async function startPurpleUes(start = '2026-01-28T06:00:00Z'): Promise<PurpleUes> {
  const { instance, client: admin } = await startAdminUes();
  await admin.simulation.clear({ reset_time_to: start });
  await admin.simulation.start({ auto_advance: false });
  const key = await admin.keys.create({ name: 'Purple Agent (test)', permissions: [...PURPLE_PERMISSIONS] });
  return {
    instance,
    admin,
    purple: admin.withApiKey(key.secret),
    purpleKeyId: key.key_id,
    close: () => instance.stop(),
  };
}
