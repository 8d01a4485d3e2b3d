/**
 * The API reference in a real browser (Debian's headless chromium, driven by playwright-core): the page
 * renders with its stylesheet under its strict CSP, with no console errors; the `docs` link of a real
 * error opens its section; a screenshot is written for a person to look at.
 */
import { existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const screenshotDir = join(import.meta.dirname, '..', '..', '.local', 'screenshots');

let t: TestStack;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath}: apt-get install chromium (or set CHROMIUM_PATH)`);
  t = await startTestStack();
  browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
  await t?.stop();
});

describe('GET /docs in headless chromium', () => {
  it('renders styled, with every operation listed, no CSP violations or console errors; screenshot written', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto(`${t.url}/docs`);
    expect(response!.status()).toBe(200);
    expect(await page.title()).toMatch(/License Verification API/);
    // The inline stylesheet applied (allowed by its hash): the body is not in the browser's default serif.
    const font = String(await page.evaluate('getComputedStyle(document.body).fontFamily'));
    expect(font).not.toMatch(/^"?Times/);
    expect(await page.locator('[id^="operation-"]').count()).toBeGreaterThanOrEqual(15);
    expect(await page.locator('[id^="error-"]').count()).toBeGreaterThanOrEqual(15);
    expect(problems).toEqual([]);
    await mkdir(screenshotDir, { recursive: true });
    const file = join(screenshotDir, 'docs.png');
    await page.screenshot({ path: file, fullPage: false });
    expect((await stat(file)).size).toBeGreaterThan(20_000);
    await page.close();
  });

  it("an error's docs link opens the matching section", async () => {
    const res = await t.call('/v1/account');
    const docs = errorOf(res.body).docs;
    expect(docs).toMatch(/#error-authentication-failed$/);
    const page = await browser.newPage();
    await page.goto(docs.replace(/^https?:\/\/[^/]+/, t.url));
    const target = page.locator(':target');
    await expect.poll(() => target.count()).toBe(1);
    expect(await target.getAttribute('id')).toBe('error-authentication-failed');
    expect(await target.isVisible()).toBe(true);
    expect(await target.textContent()).toMatch(/401/);
    await page.close();
  });
});
