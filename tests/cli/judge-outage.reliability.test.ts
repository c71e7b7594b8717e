import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHAT_COMPLETIONS,
  completion,
  startOpenAiStandIn,
  type OpenAiStandIn,
} from '../support/openai-stand-in.js';
import type { AssessmentResults } from '../../src/protocol/index.js';
import { runCli } from './run-cli.js';

/**
 * The judge-outage acceptance case: an OpenAI-compatible endpoint answering 500 to everything
 * ends the run within two minutes with a non-zero exit and no score — it fails fast at the
 * pre-assessment model check. A bad key (401) does the same at once.
 */

let standIn: OpenAiStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

const SHORT_BUDGET = {
  AGENTBEATS_GREEN_LLM_RETRY_BUDGET_SECONDS: '2',
  AGENTBEATS_GREEN_LLM_CALL_TIMEOUT_SECONDS: '5',
  OPENAI_API_KEY: undefined,
  OPENAI_BASE_URL: undefined,
};

describe('demo against a failing OpenAI-compatible endpoint', () => {
  it('a server answering 500 to everything: non-zero exit, the reason printed, no results', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: { status: 500, message: 'upstream is down' } });
    const out = await mkdtemp(join(tmpdir(), 'outage-'));
    const cli = runCli(
      [
        'demo',
        '--model',
        'openai:judge-model',
        '--base-url',
        standIn.baseUrl,
        '--ues-runner',
        'in-process',
        '--out',
        out,
      ],
      SHORT_BUDGET,
    );
    expect(await cli.exited, cli.output()).toBe(1);
    const text = cli.output();
    expect(text).toMatch(/model failed its check before the assessment/);
    expect(text).toContain(standIn.baseUrl);
    expect(text).toContain('HTTP 500');
    expect(text).toContain('upstream is down');
    expect(text).toContain('No results: the assessment ended failed');
    expect(text).not.toContain('Results written to');
    expect(text).not.toMatch(/● turn 1/);
    expect(standIn.count(CHAT_COMPLETIONS)).toBeGreaterThan(1);
  }, 120_000);

  it('a bad key (401): non-zero exit naming the status, after one call', async () => {
    standIn = await startOpenAiStandIn({
      [CHAT_COMPLETIONS]: { status: 401, message: 'Incorrect API key provided' },
    });
    const cli = runCli(
      [
        'run',
        '--scenario',
        'email_triage_basic',
        '--purple',
        'http://127.0.0.1:9/',
        '--model',
        'openai:judge-model',
        '--base-url',
        standIn.baseUrl,
        '--out',
        await mkdtemp(join(tmpdir(), 'outage-')),
      ],
      SHORT_BUDGET,
    );
    expect(await cli.exited, cli.output()).toBe(1);
    expect(cli.output()).toMatch(/HTTP 401 \(the API key is missing, wrong or not allowed/);
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(1);
  });

  it('a judge that passes the check and then fails: rubrics not evaluated (judge_error), status incomplete, exit 1', async () => {
    standIn = await startOpenAiStandIn({
      [CHAT_COMPLETIONS]: [completion('OK'), { status: 500, message: 'judge backend crashed' }],
    });
    const out = await mkdtemp(join(tmpdir(), 'outage-'));
    const cli = runCli(
      [
        'demo',
        '--model',
        'offline',
        '--judge-model',
        'openai:judge-model',
        '--judge-base-url',
        standIn.baseUrl,
        '--max-turns',
        '2',
        '--ues-runner',
        'in-process',
        '--out',
        out,
      ],
      SHORT_BUDGET,
    );
    expect(await cli.exited, cli.output()).toBe(1);
    const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as AssessmentResults;
    expect(results.status).toBe('incomplete');
    const rubrics = results.criteria_results.filter((c) => c.details?.['method'] === 'llm');
    expect(rubrics.length).toBeGreaterThan(0);
    for (const rubric of rubrics) {
      expect(rubric.details).toMatchObject({ evaluated: false, reason: 'judge_error' });
      expect(String(rubric.details?.['error'])).toContain('judge backend crashed');
    }
    // No score rests on the failed calls: the totals hold only the programmatic checks.
    const programmatic = results.criteria_results.filter((c) => c.details?.['evaluated'] !== false);
    expect(results.scores.overall.max_score).toBe(programmatic.reduce((sum, c) => sum + c.max_score, 0));
    expect(cli.output()).toMatch(/incomplete/);
  }, 120_000);

  it('a healthy endpoint passes the check once and the demo runs (exit 0)', async () => {
    standIn = await startOpenAiStandIn({ [CHAT_COMPLETIONS]: completion('OK') });
    const cli = runCli(
      [
        'demo',
        '--model',
        'openai:characters',
        '--base-url',
        standIn.baseUrl,
        '--judge-model',
        'offline',
        '--agent',
        'noop',
        '--max-turns',
        '2',
        '--ues-runner',
        'in-process',
        '--out',
        await mkdtemp(join(tmpdir(), 'outage-')),
      ],
      SHORT_BUDGET,
    );
    expect(await cli.exited, cli.output()).toBe(0);
    // The noop assistant writes to nobody, so the only call is the check.
    expect(standIn.count(CHAT_COMPLETIONS)).toBe(1);
  });
});
