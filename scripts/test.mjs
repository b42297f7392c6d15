#!/usr/bin/env node
// `npm test`: build, then every suite (.mocharc.json). `npm test -- FILE_OR_DIR… [mocha options]`:
// build, then only those test files (test/…/x.test.ts, or their directories), on both databases
// unless MKT_TEST_DATABASES narrows it. Mocha adds files named on its command line to the
// configuration's `spec` instead of replacing it, so a file alone runs without the configuration.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;

const args = process.argv.slice(2);
const isTestPath = (arg) => !arg.startsWith('-') && /^(\.\/)?(dist\/)?test(\/|$)/.test(arg);
const paths = args.filter(isTestPath);
const options = args.filter((arg) => !isTestPath(arg));

/** The compiled test a source path names: test/a/b.test.ts → dist/test/a/b.test.js; a directory → its tests. */
function compiled(path) {
  const source = path.replace(/^\.\//, '').replace(/^dist\//, '');
  if (existsSync(source) && statSync(source).isDirectory()) return `dist/${source.replace(/\/$/, '')}/**/*.test.js`;
  return `dist/${source.replace(/\.ts$/, '.js')}`;
}

const built = run('npx', ['tsc', '-p', 'tsconfig.json']);
if (built !== 0) process.exit(built);

const missing = paths.filter((path) => !existsSync(path.replace(/^dist\//, '')));
if (missing.length > 0) {
  console.error(`No such test file or directory: ${missing.join(', ')}`);
  process.exit(2);
}

/**
 * The files that take longest (each a few minutes of child processes, Chromium and paced upstreams;
 * .ci/durations.json lists them after a run), started first: the four workers take files in order,
 * so a slow file started last would run on alone after the others finish, minutes over the sum.
 */
const slowestFirst = [
  'readme',
  'cli/admin-ledger',
  'consumption/crash-recovery',
  'web/brute-force',
  'cli/admin-endpoints',
  'consumption/big-prompts',
  'web/activity',
  'cli/user-trading',
  'cli/user-account',
  'cli/mkt',
  'cli/admin-deposit',
  'web/key-limits',
  'sdk/readme-examples',
].map((name) => `dist/test/${name}.test.js`);

/** The whole suite, as .mocharc.json has it but in that order (mocha sorts no files it is given). */
function wholeSuite() {
  const config = JSON.parse(readFileSync('.mocharc.json', 'utf8'));
  const all = readdirSync('dist/test', { recursive: true })
    .map((name) => `dist/test/${name}`)
    .filter((name) => name.endsWith('.test.js'))
    .sort();
  const files = [
    ...slowestFirst.filter((name) => all.includes(name)),
    ...all.filter((name) => !slowestFirst.includes(name)),
  ];
  return [
    'mocha',
    '--no-config',
    ...config.require.flatMap((module) => ['--require', module]),
    '--reporter',
    config.reporter,
    '--timeout',
    String(config.timeout),
    ...(config.exit ? ['--exit'] : []),
    ...(config.parallel ? ['--parallel', '--jobs', String(config.jobs)] : []),
    ...options,
    ...files,
  ];
}

process.exit(
  paths.length === 0
    ? run('npx', wholeSuite())
    : run('npx', [
        'mocha',
        '--no-config',
        '--require',
        'dist/test/support/hooks.js',
        '--reporter',
        'test/support/summary-reporter.cjs',
        '--timeout',
        '60000',
        '--exit',
        ...options,
        ...paths.map(compiled),
      ]),
);
