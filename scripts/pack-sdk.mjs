#!/usr/bin/env node
// Packs the TypeScript SDK (generated/sdk/typescript, npm package @mkt/sdk) into a tarball.
//
// Usage: npm run pack-sdk -- [DEST_DIR]      (default: the current directory); prints the tarball's path.
//
// `npm pack` runs the package's prepack script, which compiles dist/ with tsc. That would write into
// generated/ (which holds generated files only, compared as a whole by `generate --check`), so the
// package is copied to a temp dir first, with a node_modules link to this repository's (typescript
// and @types/node at the versions the package's devDependencies pin), and packed there: offline.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(ROOT, 'generated', 'sdk', 'typescript');

export function packSdk(destDir) {
  const dest = path.resolve(destDir);
  fs.mkdirSync(dest, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-pack-sdk-'));
  try {
    const dir = path.join(tmp, 'sdk');
    fs.cpSync(SOURCE, dir, { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dest], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [{ filename }] = JSON.parse(out.slice(out.indexOf('[')));
    return path.join(dest, path.basename(filename));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(packSdk(process.argv[2] ?? '.'));
}
