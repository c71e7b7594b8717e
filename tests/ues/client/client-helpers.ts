import { UesClient, type UesClientOptions } from '../../../src/ues/client/index.js';
import { startTestUes, type TestUes } from '../helpers.js';

export interface ClientUes {
  ues: TestUes;
  /** Admin client; validates every response against its schema. */
  admin: UesClient;
  /** A validating client authenticated with a new key holding `permissions`. */
  userClient(permissions: string[]): Promise<{ client: UesClient; keyId: string }>;
  close(): Promise<void>;
}

/** A real simulator (clock at TEST_START, simulation started) and an admin client for it. */
export async function startClientUes(
  options: Parameters<typeof startTestUes>[0] = {},
  clientOptions: Partial<UesClientOptions> = {},
): Promise<ClientUes> {
  const ues = await startTestUes(options);
  const admin = new UesClient({
    baseUrl: ues.url,
    apiKey: ues.adminKey,
    validateResponses: true,
    retry: false,
    ...clientOptions,
  });
  return {
    ues,
    admin,
    async userClient(permissions) {
      const { secret, keyId } = await ues.createKey(permissions, 'client test key');
      return { client: admin.withApiKey(secret), keyId };
    },
    close: () => ues.close(),
  };
}
