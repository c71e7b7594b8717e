import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReport } from '../../src/report/index.js';
import { taggedGreenModel } from '../support/fake-models.js';
import { MINI_INBOX_PURPLE, makeRunDirectory } from '../support/run-directories.js';

/**
 * The HTML report as a person sees it: Debian's Chromium (headless) opens the file, renders the
 * timeline and the score table, fetches nothing, and the suite index links reach each run.
 * Skipped, with a message, where no Chromium is installed (`.ci/run` installs it).
 */

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

if (!HAVE_CHROMIUM) {
  console.error(
    `report browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`,
  );
}

let root: string;
let browser: Browser | undefined;
let single: string;
let suite: string;

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  root = await mkdtemp(join(tmpdir(), 'ues-report-browser-'));
  const model = taggedGreenModel('live');
  const config = { response_model: 'openai:characters', evaluation_model: 'openai:judge' };
  for (const name of ['first', 'second']) {
    await makeRunDirectory(join(root, 'suite', name), {
      scenarioId: 'mini_inbox',
      purple: MINI_INBOX_PURPLE,
      model: () => model,
      config,
      taskId: `task-${name}`,
    });
  }
  single = (await writeReport([join(root, 'suite', 'first')])).path;
  suite = (await writeReport([join(root, 'suite')])).path;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Opens a report, recording every request the page makes. */
async function open(file: string): Promise<{ page: Page; requests: string[] }> {
  const page = await browser!.newPage({ viewport: { width: 1200, height: 800 } });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(pathToFileURL(file).href);
  return { page, requests };
}

describe.skipIf(!HAVE_CHROMIUM)(`the report in a real browser (Chromium at ${CHROMIUM})`, () => {
  it('renders the timeline and the score table of a run, and fetches nothing', async () => {
    const { page, requests } = await open(single);
    expect(await page.title()).toBe('mini_inbox — UES AgentBeats report');
    const entries = page.locator('#run-1-timeline li.entry');
    expect(await entries.count()).toBeGreaterThan(5);
    await expect.poll(() => entries.first().isVisible()).toBe(true);
    const kinds = await entries.evaluateAll((items) => [
      ...new Set(items.map((item) => item.getAttribute('data-kind'))),
    ]);
    expect(kinds.sort()).toEqual(['action', 'arrival', 'reply', 'turn']);
    // Laid out as rows: a time, a kind and a title side by side, with a real height.
    const box = await page.locator('#run-1-timeline li.kind-reply').first().boundingBox();
    expect(box!.height).toBeGreaterThan(10);
    expect(await page.locator('#run-1-timeline li.kind-reply .kind').first().innerText()).toMatch(
      /character/i,
    );

    const rows = page.locator('table.score-table tbody tr');
    expect(await rows.count()).toBe(5);
    const overall = await page.locator('table.score-table tr.overall').innerText();
    expect(overall).toMatch(/overall\s+[\d.]+\s+25\s+\d+ %/);
    expect(await page.locator('svg.chart g.bar').count()).toBe(5);
    expect(await page.locator('svg.chart').isVisible()).toBe(true);

    // Evidence opens on a click.
    const details = page.locator('tr[data-criterion="replied_to_ann"] details').first();
    await details.locator('summary').click();
    expect(await details.getAttribute('open')).not.toBeNull();
    expect(await page.locator('tr[data-criterion="friendly_tone"] .rationale').innerText()).toContain(
      'Judged live',
    );

    expect(requests).toEqual([pathToFileURL(single).href]);
    await page.close();
  });

  it('lists each run of a suite and jumps to it', async () => {
    const { page, requests } = await open(suite);
    const rows = page.locator('table.run-table tbody tr');
    expect(await rows.count()).toBe(2);
    await page.locator('table.run-table a[href="#run-2"]').click();
    // Page code as strings: the test's TypeScript has no DOM types.
    await expect.poll(() => page.evaluate('location.hash')).toBe('#run-2');
    await expect
      .poll(() =>
        page.evaluate(
          `(() => { const top = document.getElementById('run-2').getBoundingClientRect().top; return top >= -1 && top < window.innerHeight; })()`,
        ),
      )
      .toBe(true);
    expect(await page.locator('section.run').count()).toBe(2);
    expect(requests).toEqual([pathToFileURL(suite).href]);
    await page.close();
  });
});
