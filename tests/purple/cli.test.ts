import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type CliProcess } from '../cli/run-cli.js';

/** `ues-agentbeats purple`, run as a user would run it (a child process). */

describe('ues-agentbeats purple', () => {
  const running: CliProcess[] = [];
  afterEach(async () => {
    for (const cli of running.splice(0)) {
      if (cli.child.exitCode === null) {
        cli.child.kill('SIGTERM');
        await cli.exited;
      }
    }
  });

  it('fails clearly for an unknown agent, listing the registered ones', async () => {
    const cli = runCli(['purple', '--agent', 'nope']);
    running.push(cli);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain(
      'unknown purple agent "nope"; registered agents: ask-relay, baseline, blob, canned, catch-all, contact-carpet, date-flood, digest, dump, harmful, invite-carpet, llm, manual, mcp, noop, oracle, oracle-paraphrased, paste, relay-all, relay-echo, rule-based, spam, watcher',
    );
  });

  it('refuses the llm baseline without a real model, pointing to rule-based', async () => {
    const cli = runCli(['purple', '--agent', 'llm', '--port', '0'], { AGENTBEATS_PURPLE_MODEL: undefined });
    running.push(cli);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('use --agent rule-based');
  });

  it('rejects a bad flag value, naming the flag', async () => {
    const cli = runCli(['purple', '--agent', 'noop', '--port', 'eighty']);
    running.push(cli);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('--port: expected an integer between 0 and 65535, got "eighty"');
  });

  it('serves the rule-based agent and its card on a free port, and stops on SIGTERM', async () => {
    const cli = runCli(['purple', '--agent', 'rule-based', '--port', '0', '--log-level', 'silent']);
    running.push(cli);
    const [, url] = await cli.waitFor(/listening on (http:\/\/\S+)/);
    const card = (await (await fetch(new URL('.well-known/agent-card.json', url))).json()) as Record<
      string,
      unknown
    >;
    expect(card['name']).toBe('UES purple agent: rule-based');
    expect(card['skills']).toEqual([expect.objectContaining({ id: 'personal-assistant' })]);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('lists the registered agents in --help', async () => {
    const cli = runCli(['purple', '--help']);
    running.push(cli);
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toMatch(/Registered agents:\n\s+ask-relay[\s\S]+baseline[\s\S]+rule-based/);
    expect(cli.output()).toContain('--card-url <url>');
  });
});
