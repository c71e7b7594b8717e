import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { pino } from 'pino';
import { resolveUesConfig, type UesCliFlags } from '../ues/server/config.js';
import { ApiKeyRegistry, startUes } from '../ues/server/index.js';
import { onShutdownSignal } from './signals.js';

/** `ues-agentbeats ues`: run a User Environment Simulator until interrupted. */
export function registerUesCommand(program: Command, env: Record<string, string | undefined>): void {
  program
    .command('ues')
    .description('Start a User Environment Simulator (UES) HTTP server')
    .option('--host <host>', 'interface to bind', undefined)
    .option('--port <port>', 'port to listen on (0 picks a free one)', undefined)
    .option('--admin-key <secret>', 'admin API key secret, at least 32 characters (env UES_ADMIN_KEY)')
    .option(
      '--admin-key-file <path>',
      'generate an admin key and write it to this JSON file (env UES_ADMIN_KEY_FILE)',
    )
    .option('--log-level <level>', 'fatal|error|warn|info|debug|trace|silent (env UES_LOG_LEVEL)')
    .action(async (flags: UesCliFlags) => {
      const config = resolveUesConfig(flags, env);
      const secret =
        config.adminKey.kind === 'given' ? config.adminKey.secret : ApiKeyRegistry.generateSecret();
      const logger = pino({ level: config.logLevel }, pino.destination(2));
      const ues = await startUes({ host: config.host, port: config.port, adminKey: secret, logger });
      console.log(`UES listening on ${ues.url} (bound to ${config.host}:${ues.port})`);
      if (config.adminKey.kind === 'given') {
        const source = config.adminKey.from === 'flag' ? '--admin-key' : 'UES_ADMIN_KEY environment variable';
        console.log(`🔑 Admin key loaded from ${source}`);
        console.log(`   Key ID: ${ues.adminKeyId}`);
      } else if (config.adminKey.kind === 'file') {
        const path = config.adminKey.path;
        try {
          await mkdir(dirname(path), { recursive: true });
          await writeFile(path, `${JSON.stringify({ secret, key_id: ues.adminKeyId }, null, 2)}\n`, {
            mode: 0o600,
          });
          await chmod(path, 0o600);
          console.log(`🔑 Admin key written to ${path} (Key ID: ${ues.adminKeyId})`);
        } catch (error) {
          console.log(`Could not write the admin key file ${path}: ${(error as Error).message}`);
          printSecret(secret, ues.adminKeyId);
        }
      } else {
        printSecret(secret, ues.adminKeyId);
      }
      await onShutdownSignal(() => ues.close());
    });
}

function printSecret(secret: string, keyId: string): void {
  const rule = '='.repeat(60);
  console.log(
    `${rule}\n🔑 ADMIN API KEY (save this - it won't be shown again!):\n   Secret: ${secret}\n   Key ID: ${keyId}\n${rule}`,
  );
}
