import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import type { Services } from '../../src/app/services.js';
import { logIn, makeUser, openPage } from '../web/browser.js';
import { mkt, mktBinary, type CommandResult } from './processes.js';
import type { TestUser } from './fixtures.js';
import type { TestEnvironment } from './service.js';

/**
 * The user-side `mkt` command as a user on another machine runs it: the compiled binary, the
 * service's URLs in MKT_*_URL, and a config directory of its own (XDG_CONFIG_HOME) per suite.
 */
export class UserCli {
  readonly configHome = mkdtempSync(join(tmpdir(), 'mkt-cli-'));
  constructor(private readonly environment: () => TestEnvironment) {}

  get env(): Record<string, string> {
    const urls = this.environment().service.urls;
    return {
      XDG_CONFIG_HOME: this.configHome,
      MKT_PLATFORM_URL: urls.platform!,
      MKT_TRADING_URL: urls.trading!,
      MKT_CONSUMPTION_URL: urls.consumption!,
      MKT_MESSAGES_URL: urls.messages!,
    };
  }

  profilePath(profile = 'default'): string {
    return join(this.configHome, 'mkt', `${profile}.json`);
  }

  profile(profile = 'default'): Record<string, any> {
    return JSON.parse(readFileSync(this.profilePath(profile), 'utf8')) as Record<string, any>;
  }

  writeProfile(value: Record<string, unknown>, profile = 'default'): void {
    writeFileSync(this.profilePath(profile), JSON.stringify(value));
  }

  /** A profile holding only this signing key, as `mkt signing-keys create` leaves it after a login. */
  useSigningKey(signingKey: TestUser['signingKey']): void {
    mkdirSync(dirname(this.profilePath()), { recursive: true, mode: 0o700 });
    const seed = Buffer.from(signingKey.privateKey, 'base64').subarray(0, 32).toString('base64');
    this.writeProfile({
      signing_key: {
        id: signingKey.id,
        label: 'test',
        fingerprint: signingKey.fingerprint,
        public_key: signingKey.publicKey,
        private_key: seed,
      },
    });
  }

  modeOf(path: string): number {
    return statSync(path).mode & 0o777;
  }

  run(args: string[]): Promise<CommandResult> {
    return mkt(args, this.env);
  }

  /** Runs a command that must succeed; its stdout. */
  async ok(args: string[]): Promise<string> {
    const result = await this.run(args);
    expect(result.code, `mkt ${args.join(' ')}: ${result.stderr}${result.stdout}`).to.equal(0);
    return result.stdout;
  }

  /** Runs a command with --json that must succeed; its parsed stdout. */
  async json<T = any>(args: string[]): Promise<T> {
    return JSON.parse(await this.ok(['--json', ...args])) as T;
  }

  spawn(args: string[], extraEnv: Record<string, string> = {}): Running {
    return new Running(
      spawn(process.execPath, [mktBinary, ...args], {
        env: { ...process.env, ...this.env, ...extraEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
  }

  remove(): void {
    rmSync(this.configHome, { recursive: true, force: true });
  }
}

/** A long-running `mkt` (login, watch): its output so far, and waits on it with deadlines. */
class Running {
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;
  constructor(readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Waits until stdout (from `from` on) matches, or fails after the deadline with what was seen. */
  async waitFor(pattern: RegExp, from = 0, deadlineMs = 20_000): Promise<RegExpMatchArray> {
    const until = Date.now() + deadlineMs;
    for (;;) {
      const match = this.stdout.slice(from).match(pattern);
      if (match) return match;
      if (Date.now() > until || this.child.exitCode !== null)
        throw new Error(
          `no ${pattern} in the output of mkt (exit ${this.child.exitCode}):\n${this.stdout}\n${this.stderr}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGTERM');
  }
}

/**
 * `mkt login --no-browser`, decided in Chromium by a signed-in user: the URL and code come from
 * the command's stdout; resolves with the finished command and its exit code.
 */
export async function decideLogin(
  cli: UserCli,
  env: TestEnvironment,
  browser: Browser,
  email: string,
  button: 'Approve' | 'Deny',
  profile = 'default',
  loginFlags: string[] = [],
): Promise<{ login: Running; code: number | null }> {
  const login = cli.spawn(['--profile', profile, 'login', '--no-browser', ...loginFlags]);
  try {
    const [, url] = await login.waitFor(/open (http\S+)/);
    const [, userCode] = await login.waitFor(/the code ([A-Z]{4}-[A-Z]{4})/);
    const { context, page } = await openPage(browser, env);
    try {
      await logIn(page, email);
      await page.goto(url!);
      expect(await page.textContent('body')).to.contain(userCode);
      await Promise.all([page.waitForLoadState(), page.click(`button:has-text("${button}")`)]);
    } finally {
      await context.close();
    }
    const code = await Promise.race([
      login.exited,
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000)),
    ]);
    if (code === 'timeout')
      throw new Error(`mkt login did not end after the ${button}: ${login.stdout}${login.stderr}`);
    return { login, code };
  } finally {
    login.kill();
  }
}

/** `mkt login --no-browser` approved in Chromium: the command exits 0 with the tokens stored. */
export async function loginThroughBrowser(
  cli: UserCli,
  env: TestEnvironment,
  browser: Browser,
  email: string,
  profile = 'default',
  loginFlags: string[] = [],
): Promise<Running> {
  const { login, code } = await decideLogin(cli, env, browser, email, 'Approve', profile, loginFlags);
  expect(code, `mkt login: ${login.stdout}${login.stderr}`).to.equal(0);
  return login;
}

/** A fresh user of the dashboard (verified, terms accepted), logged in with `mkt login` in this CLI's default profile. */
export async function loggedInUser(
  cli: UserCli,
  env: TestEnvironment,
  browser: Browser,
  services: Services,
): Promise<{ userId: string; email: string }> {
  const user = await makeUser(services, 'cli');
  await loginThroughBrowser(cli, env, browser, user.email);
  return { userId: user.id, email: user.email };
}
