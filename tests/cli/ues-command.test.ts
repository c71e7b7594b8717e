import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveUesConfig } from '../../src/ues/server/config.js';
import { runCli } from './run-cli.js';

const GOOD_KEY = 'k'.repeat(40);

describe('ues command configuration', () => {
  it('prefers --admin-key over UES_ADMIN_KEY over a key file, and validates length and port', () => {
    expect(resolveUesConfig({ adminKey: GOOD_KEY }, { UES_ADMIN_KEY: 'e'.repeat(40) }).adminKey).toEqual({
      kind: 'given',
      secret: GOOD_KEY,
      from: 'flag',
    });
    expect(resolveUesConfig({}, { UES_ADMIN_KEY: GOOD_KEY, UES_ADMIN_KEY_FILE: '/x' }).adminKey.kind).toBe(
      'given',
    );
    expect(resolveUesConfig({}, { UES_ADMIN_KEY_FILE: '/x' }).adminKey).toEqual({ kind: 'file', path: '/x' });
    expect(resolveUesConfig({}, {}).adminKey.kind).toBe('generated');
    expect(() => resolveUesConfig({ adminKey: 'short' }, {})).toThrow(
      '--admin-key: admin key secret must be at least 32 characters long, got 5',
    );
    expect(() => resolveUesConfig({ port: 'eighty' }, {})).toThrow(/--port must be an integer/);
  });
});

describe('ues command process', () => {
  it('refuses to start with a short UES_ADMIN_KEY and says why', async () => {
    const cli = runCli(['ues', '--port', '0'], { UES_ADMIN_KEY: 'too-short' });
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain(
      'UES_ADMIN_KEY: admin key secret must be at least 32 characters long, got 9',
    );
  });

  it('serves the API with the given admin key and stops on SIGTERM', async () => {
    const cli = runCli(['ues', '--port', '0', '--admin-key', GOOD_KEY]);
    const [, url] = await cli.waitFor(/UES listening on (http:\/\/\S+)/);
    expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: 'healthy' });
    const time = await fetch(`${url}/simulator/time`, { headers: { 'x-api-key': GOOD_KEY } });
    expect(time.status).toBe(200);
    expect(cli.output()).toContain('Admin key loaded from --admin-key');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('writes a generated admin key to --admin-key-file with mode 0600', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ues-key-'));
    const path = join(dir, 'nested', 'admin.json');
    const cli = runCli(['ues', '--port', '0', '--admin-key-file', path]);
    const [, url] = await cli.waitFor(/UES listening on (http:\/\/\S+)/);
    await cli.waitFor(/Admin key written/);
    const saved = JSON.parse(await readFile(path, 'utf8'));
    expect(saved.key_id).toMatch(/^ues_[0-9a-f]{16}$/);
    expect(saved.secret).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const keys = await fetch(`${url}/keys`, { headers: { 'x-api-key': saved.secret } });
    expect(((await keys.json()) as any).keys[0]).toMatchObject({
      key_id: saved.key_id,
      name: 'Admin Key',
      permissions: ['*'],
    });
    cli.child.kill('SIGTERM');
    await cli.exited;
  });
});
