import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { databaseKinds, freshDatabaseUrl } from './support/databases.js';
import { mktServe, type ServeProcess } from './support/processes.js';
import { openPageAt, password, uniqueEmail, useBrowser } from './web/browser.js';

/**
 * The README, run as written (issue 14, item 5): its shell blocks, in order, in one bash session
 * of a new user, against `mkt serve` on a fresh database, with a home directory of its own. The
 * browser steps its prose asks for (sign up, open the mailed link, accept the terms, approve
 * `mkt login`) are done in Chromium, the way the prose says, reading the link from the server's log.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ShellBlock {
  section: string;
  text: string;
}

/** The fenced `sh` blocks of a markdown text, in order, with the heading above each. */
export function shellBlocks(markdown: string): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  let section = '';
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^#{1,6} /.test(line)) section = line.replace(/^#+ /, '');
    const fence = /^```(sh|bash|shell)\s*$/.exec(line);
    if (!fence) continue;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
    blocks.push({ section, text: body.join('\n') });
  }
  return blocks;
}

/** One terminal: a bash that runs block after block, stopping at the first failing command. */
class Terminal {
  private readonly shell: ChildProcessWithoutNullStreams;
  output = '';
  private exitCode: number | null | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(env: NodeJS.ProcessEnv) {
    this.shell = spawn('bash', ['--noprofile', '--norc'], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const take = (chunk: Buffer) => {
      this.output += chunk.toString();
      for (const listener of this.listeners) listener();
    };
    this.shell.stdout.on('data', take);
    this.shell.stderr.on('data', take);
    this.shell.once('exit', (code) => {
      this.exitCode = code;
      for (const listener of this.listeners) listener();
    });
    this.shell.stdin.write('set -eo pipefail\n');
  }

  /** Runs a block; `onOutput` sees the output as it comes (to act on a device-login link). */
  async run(block: string, index: number, onOutput: (sinceStart: string) => Promise<void>): Promise<string> {
    const start = this.output.length;
    const marker = `__readme_block_${index}_done__`;
    this.shell.stdin.write(`${block}\necho ${marker}\n`);
    let acting = Promise.resolve();
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        const since = this.output.slice(start);
        acting = acting.then(() => onOutput(since)).catch(reject);
        if (since.includes(marker)) {
          this.listeners.delete(check);
          acting.then(resolve, reject);
        } else if (this.exitCode !== undefined) {
          this.listeners.delete(check);
          reject(
            new Error(
              `the README's block ${index} failed (bash exited ${this.exitCode}):\n${block}\n--- output ---\n${since}`,
            ),
          );
        }
      };
      this.listeners.add(check);
      check();
    });
    return this.output.slice(start).replace(`${marker}\n`, '');
  }

  close(): void {
    this.shell.stdin.end();
    this.shell.kill();
  }
}

/** What `mkt login` prints for the browser: the verification_uri_complete of the device flow. */
const deviceLinkPattern = /(https?:\/\/\S+\/device\?user_code=[A-Z]{4}-[A-Z]{4})/;

async function signUpInBrowser(page: Page, serve: ServeProcess, serverLog: () => string): Promise<string> {
  const email = uniqueEmail('readme');
  await page.goto('/signup');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await Promise.all([page.waitForURL('**/?notice=signed_up'), page.click('button:has-text("Create account")')]);
  // The embedded default has no mail server: the verification link is in the server's log.
  const mail = serverLog()
    .split('\n')
    .filter((line) => line.includes(email) && line.includes('"link"'))
    .map((line) => JSON.parse(line) as { link: string })
    .at(-1);
  expect(mail, `the verification mail to ${email} in the log of ${serve.urls.platform}`).to.exist;
  await page.goto(mail!.link);
  await page.goto('/terms');
  await page.check('input[name=accept]');
  await Promise.all([page.waitForURL('**/?notice=terms_accepted'), page.click('button:has-text("Accept the terms")')]);
  return email;
}

/** The `path` column of the README's layout table: `src/app/`, `src/{consumption,trading}/` expanded. */
function layoutPaths(markdown: string): string[] {
  const section = markdown.slice(
    markdown.indexOf('## Layout'),
    markdown.indexOf('\n## ', markdown.indexOf('## Layout') + 1),
  );
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].flatMap(([, path]) => {
    const braces = /^(.*)\{([^}]+)\}(.*)$/.exec(path ?? '');
    return braces ? (braces[2] ?? '').split(',').map((name) => `${braces[1]}${name}${braces[3]}`) : [path ?? ''];
  });
}

describe("the README's layout table", () => {
  it('names every folder of src/, and nothing that is not there', () => {
    const listed = layoutPaths(readFileSync(join(root, 'README.md'), 'utf8'));
    const folders = readdirSync(join(root, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `src/${entry.name}/`);
    expect(listed.filter((path) => path.startsWith('src/')).sort()).to.deep.equal(folders.sort());
    for (const path of listed) expect(existsSync(join(root, path)), path).to.equal(true);
  });
});

describe('the README, run as written', function () {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const blocks = shellBlocks(readme);
  const browser = useBrowser();

  it('starts with the two commands of a fresh machine: npm ci && npm start, and npm test', () => {
    expect(blocks[0]?.text.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim())).to.deep.equal([
      'npm ci && npm start',
      'npm test',
    ]);
    const scripts = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.start).to.equal('npm run build && node bin/mkt.js serve');
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).to.match(/^npm test$/m);
  });

  for (const database of databaseKinds) {
    it(`runs every other shell block in order, on a fresh ${database} database`, async function () {
      // Every command a node process of its own: about a minute alone, four or five beside the whole suite.
      this.timeout(600_000);
      // `npm start` is `npm run build && node bin/mkt.js serve` (checked above); the tests run on the build.
      const databaseUrl = await freshDatabaseUrl(database);
      // mktServe quiets the log and turns the house supplier off for other tests: here both are
      // back at `mkt serve`'s defaults, as `npm start` runs it (the mailed link is an info line).
      // The README's withdrawal says to start with MKT_WITHDRAWAL_COOLOFF_S=0 to try it at once: so does this run.
      const serve = await mktServe({
        DATABASE_URL: databaseUrl,
        MKT_LOG_LEVEL: 'info',
        MKT_SIMULATED_SUPPLIER: 'on',
        MKT_WITHDRAWAL_COOLOFF_S: '0',
      });
      let serverLog = '';
      serve.child.stdout!.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
      const home = mkdtempSync(join(tmpdir(), 'mkt-readme-home-'));
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: home,
        LANG: 'C.UTF-8',
        DATABASE_URL: databaseUrl,
        MKT_PLATFORM_URL: serve.urls.platform,
        MKT_TRADING_URL: serve.urls.trading,
        MKT_CONSUMPTION_URL: serve.urls.consumption,
        MKT_MESSAGES_URL: serve.urls.messages,
        ...(process.env.npm_config_nodedir ? { npm_config_nodedir: process.env.npm_config_nodedir } : {}),
      };
      const terminal = new Terminal(env);
      const { context, page } = await openPageAt(browser(), serve.urls.platform!);
      const approved = new Set<string>();
      try {
        await signUpInBrowser(page, serve, () => serverLog);
        const approveDeviceLogins = async (output: string) => {
          const link = deviceLinkPattern.exec(output)?.[1];
          if (!link || approved.has(link)) return;
          approved.add(link);
          await page.goto(link);
          await Promise.all([page.waitForLoadState(), page.click('button:has-text("Approve")')]);
        };
        const outputs: string[] = [];
        for (const [index, block] of blocks.entries()) {
          if (index === 0) continue; // npm ci && npm start / npm test: what this run is
          outputs.push(await terminal.run(block.text, index, approveDeviceLogins));
        }
        // What a new user should have seen: a login, sandbox money, two answered chats (each ends
        // with its receipt's request id), a transfer, the curl answer and a clean audit.
        expect(approved.size, 'the README logs in with mkt login').to.be.at.least(1);
        const all = outputs.join('\n');
        expect(all).to.match(/credited \(SANDBOX money\)/);
        expect(
          all.match(/\[req_[0-9a-f]{24} text-standard: \d+ tokens, \d+\.\d{6} USD\]/g) ?? [],
          'mkt chat answers',
        ).to.have.length.at.least(2);
        expect(all).to.match(/│ status +│ completed/);
        expect(all).to.match(/"object":"chat\.completion"/);
        expect(all).to.match(/\{"ok":true,"failures":\[\]/);
      } finally {
        terminal.close();
        await context.close();
        serve.child.kill('SIGTERM');
        await serve.exited;
        rmSync(home, { recursive: true, force: true });
      }
    });
  }
});
