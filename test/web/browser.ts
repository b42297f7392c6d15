import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createUser, type AccountMode } from '../../src/core/identity.js';
import type { Services } from '../../src/app/services.js';
import type { TestEnvironment } from '../support/service.js';

/**
 * Headless Debian chromium driven by playwright-core (TOOLING.md, Browsers): what a user of the
 * dashboard sees, forms and cookies included.
 */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const screenshotDirectory = '/tmp/mkt-dashboard-screenshots';
export const password = 'correct horse battery staple';

/** One browser for the enclosing describe block; call inside it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  before(async function () {
    this.timeout(60_000);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs });
  });
  after(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not running');
    return browser;
  };
}

/** A fresh profile (no cookies) at 1280×800 against the platform host. */
export async function openPage(
  browser: Browser,
  env: TestEnvironment,
): Promise<{ context: BrowserContext; page: Page }> {
  return openPageAt(browser, env.service.urls.platform!);
}

/** The same, against a platform host given by its URL (e.g. a `mkt serve` child process). */
export async function openPageAt(
  browser: Browser,
  platformUrl: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: platformUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  return { context, page };
}

let counter = 0;
export function uniqueEmail(what: string): string {
  counter += 1;
  return `${what}-${counter}-${Date.now()}@example.com`;
}

interface AccountState {
  verified?: boolean;
  acceptTerms?: boolean;
  mode?: AccountMode;
}

/** A user made directly in the database, with the test password. */
export async function makeUser(services: Services, what: string, state: AccountState = {}) {
  return createUser(services.db, services.clock, {
    email: uniqueEmail(what),
    password,
    verified: state.verified ?? true,
    acceptTerms: state.acceptTerms ?? true,
    mode: state.mode ?? 'auto',
  });
}

export async function logIn(page: Page, email: string, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await Promise.all([
    page.waitForURL((url) => url.pathname !== '/login'),
    page.click('button[type=submit]:has-text("Log in")'),
  ]);
}

/** The most recent verification link mailed to this address, from the captured server log. */
export function mailedLink(env: TestEnvironment, email: string): string {
  const lines = env.log?.lines ?? [];
  const mail = lines.filter((l) => l.mail_to === email && typeof l.link === 'string').at(-1);
  expect(mail, `a mail to ${email} in the server log`).to.exist;
  return mail!.link as string;
}

/** The session cookie and CSRF token of a signed-in page, for requests made outside the browser. */
export async function sessionOf(context: BrowserContext, page: Page): Promise<{ cookie: string; csrfToken: string }> {
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === 'mkt_session');
  expect(session, 'mkt_session cookie').to.exist;
  const csrfToken = await page.getAttribute('meta[name=csrf-token]', 'content');
  expect(csrfToken, 'csrf-token meta tag').to.be.a('string');
  return { cookie: `mkt_session=${session!.value}`, csrfToken: csrfToken! };
}

/** A 1280×800 picture of the page (or all of it, `fullPage`), for a person to look at. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(screenshotDirectory, { recursive: true });
  const path = join(screenshotDirectory, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? false });
  return path;
}

export async function noticeText(page: Page): Promise<string> {
  return (await page.locator('.notice').allInnerTexts()).join('\n');
}

interface DeviceLogin {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  interval: number;
}

/** What `mkt login` does first: POST /v1/oauth/device/code as the public client. */
export async function startDeviceLogin(env: TestEnvironment, scope = 'keys:manage account:read'): Promise<DeviceLogin> {
  const response = await fetch(`${env.service.urls.platform}/v1/oauth/device/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'mkt-cli', scope }).toString(),
  });
  expect(response.status).to.equal(200);
  return (await response.json()) as DeviceLogin;
}

/** One poll of the token endpoint, as the command line makes it. */
export async function pollDeviceToken(
  env: TestEnvironment,
  deviceCode: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${env.service.urls.platform}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: deviceCode,
      client_id: 'mkt-cli',
    }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Fails unless the page fits 1280 pixels across (no sideways scrolling). */
export async function expectNoHorizontalOverflow(page: Page, what: string): Promise<void> {
  const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  expect(width, `${what}: page width`).to.be.at.most(1280);
}
