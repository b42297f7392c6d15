import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUsd } from '../support/market-fixtures.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const execFileAsync = promisify(execFile);

/** execFile, failing with what the command printed (a compiler's or interpreter's errors). */
async function run(
  file: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ stdout: string }> {
  try {
    return await execFileAsync(file, args, { ...options, encoding: 'utf8' });
  } catch (error) {
    const e = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(' ').slice(0, 200)} failed:\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

/** The code blocks of a README whose fence says exactly `language` (`ts snippet` and the like are fragments). */
export function codeBlocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(/^```([^\n]*)\n([\s\S]*?)^```\s*$/gm)]
    .filter((m) => m[1]!.trim() === language)
    .map((m) => m[2]!);
}

/** The variables the README examples read, as a user would set them: the seed form of the private key. */
function exampleEnv(env: TestEnvironment, user: TestUser): NodeJS.ProcessEnv {
  return {
    ...process.env,
    MKT_TRADING_URL: env.service.urls.trading!,
    MKT_SIGNING_KEY: Buffer.from(user.signingKey.privateKey, 'base64').subarray(0, 32).toString('base64'),
    MKT_FINGERPRINT: user.signingKey.fingerprint,
  };
}

/** A trader in Advanced Mode with USD, as the examples need to place an order. */
async function funded(env: TestEnvironment): Promise<TestUser> {
  const user = await createTestUser(env.service.services, { mode: 'advanced' });
  await giveUsd(env.service.services, user.userId, '10.00');
  return user;
}

/** What every example prints and the server then holds: the order it placed, read back. */
async function expectPlacedOrder(env: TestEnvironment, user: TestUser, stdout: string): Promise<void> {
  const lines = stdout.trim().split('\n');
  expect(lines[0]).to.match(/^instruments: .*\bTEXT-STANDARD\b/);
  const placed = lines.find((l) => l.startsWith('placed: '))!.split(' ');
  const orderId = placed[1]!;
  expect(orderId).to.match(/^order_[A-Z0-9]{16}$/);
  expect(lines, stdout).to.include(`read back: ${orderId} active buy 0.0500 2`);
  expect(lines).to.include('missing order: 404');
  const row = await env.service.services.db('orders').where({ id: orderId }).first();
  expect(row, 'the order is in the database').to.not.equal(undefined);
  expect(row.user_id).to.equal(user.userId);
}

describe('the SDK READMEs', () => {
  it('have runnable examples: one ts block in the TypeScript package, one python block in the Python trading package', () => {
    expect(codeBlocks(fs.readFileSync(`${root}/generated/sdk/typescript/README.md`, 'utf8'), 'ts')).to.have.length(1);
    expect(
      codeBlocks(fs.readFileSync(`${root}/generated/sdk/python/trading/README.md`, 'utf8'), 'python'),
    ).to.have.length(1);
  });
});

/**
 * The packed @mkt/sdk installed into an empty project, its README's example compiled there: built once for the
 * file (it does not depend on the database), removed after the file's last suite.
 */
let tsProject: Promise<string> | undefined;
/** The temporary directories the installs made. */
const installed: string[] = [];
async function buildTsProject(): Promise<string> {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-sdk-readme-'));
  installed.push(project);
  const tarball = (await run(process.execPath, [`${root}/scripts/pack-sdk.mjs`, project])).stdout.trim();
  await run('npm', ['init', '-y'], { cwd: project });
  await run('npm', ['pkg', 'set', 'type=module'], { cwd: project });
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: project });
  // The README as installed, its example compiled by TypeScript against the installed types.
  const [example] = codeBlocks(
    fs.readFileSync(path.join(project, 'node_modules', '@mkt', 'sdk', 'README.md'), 'utf8'),
    'ts',
  );
  fs.writeFileSync(path.join(project, 'example.ts'), example!);
  fs.writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        outDir: 'out',
        types: ['node'],
        typeRoots: [path.join(root, 'node_modules', '@types')],
      },
      files: ['example.ts'],
    }),
  );
  await run(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
    cwd: project,
  });
  return project;
}

describeEachDatabase(
  'the TypeScript SDK README example, from the packed @mkt/sdk installed into an empty project',
  (env) => {
    let project: string;
    before(async function () {
      this.timeout(120_000);
      project = await (tsProject ??= buildTsProject());
    });

    it('lists instruments and markets, places a signed limit order and reads it back (plain Node ESM)', async () => {
      const user = await funded(env());
      const { stdout } = await run(process.execPath, ['out/example.js'], {
        cwd: project,
        env: exampleEnv(env(), user),
      });
      await expectPlacedOrder(env(), user, stdout);
    });
  },
);

/** mkt_trading pip-installed into a target directory: once for the file, removed after its last suite. */
let pythonSite: Promise<string> | undefined;
async function installPythonSdk(): Promise<string> {
  // pip builds in the source directory (build/, *.egg-info): it gets a copy, generated/ stays as generated.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-sdk-python-'));
  installed.push(work);
  fs.cpSync(`${root}/generated/sdk/python/trading`, path.join(work, 'trading'), { recursive: true });
  const site = path.join(work, 'site');
  // --no-deps: urllib3, pydantic, python-dateutil and cryptography are those of the CI's Python.
  await run('python3', [
    '-m',
    'pip',
    'install',
    '-q',
    '--disable-pip-version-check',
    '--no-deps',
    '--target',
    site,
    path.join(work, 'trading'),
  ]);
  return site;
}

describeEachDatabase('the Python SDK README example, with mkt_trading pip-installed into a target directory', (env) => {
  let site: string;
  before(async function () {
    this.timeout(120_000);
    site = await (pythonSite ??= installPythonSdk());
  });

  it('installs with signing.py and cryptography among its requirements', () => {
    expect(fs.existsSync(path.join(site, 'mkt_trading', 'signing.py'))).to.equal(true);
    const metadata = fs.readFileSync(path.join(site, 'mkt_trading-1.0.0.dist-info', 'METADATA'), 'utf8');
    expect(metadata).to.match(/^Requires-Dist: cryptography/m);
  });

  it('lists instruments and markets, places a signed limit order and reads it back', async () => {
    const user = await funded(env());
    const [example] = codeBlocks(fs.readFileSync(path.join(site, '..', 'trading', 'README.md'), 'utf8'), 'python');
    const { stdout } = await run('python3', ['-c', example!], {
      env: { ...exampleEnv(env(), user), PYTHONPATH: site },
    });
    await expectPlacedOrder(env(), user, stdout);
  });
});

// The file's root suite: after its last suite, what was installed goes.
after(() => {
  for (const directory of installed) fs.rmSync(directory, { recursive: true, force: true });
});
