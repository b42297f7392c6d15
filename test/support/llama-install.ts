import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * A real model for tests, installed on demand from the registries into a cache outside the repository and reused:
 * node-llama-cpp (its prebuilt llama.cpp for this platform, without the CUDA and Vulkan builds) from npm, the `gguf`
 * writer and numpy from PyPI, and a tiny random-weight model written by tiny-gguf.py. Neither is a dependency of mkt.
 */

const llamaVersion = '3.22.1';
const run = promisify(execFile);

interface TinyLlama {
  /** node-llama-cpp's entry module, to import(). */
  modulePath: string;
  modelPath: string;
  /** What this call spent installing (0 when everything was in the cache). */
  installMs: number;
}

function cacheDirectory(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'mkt-test', 'llama');
}

/** Installs what is missing (minutes at most, once per machine) and says where it is. */
export async function tinyLlama(): Promise<TinyLlama> {
  const startedMs = performance.now();
  const directory = cacheDirectory();
  mkdirSync(directory, { recursive: true });
  const installed = join(directory, `installed-node-llama-cpp-${llamaVersion}`);
  if (!existsSync(installed)) {
    // The prebuilt binary is an optional dependency of its own: named, so that --omit=optional keeps it alone.
    const prebuilt = `@node-llama-cpp/${process.platform}-${process.arch}@${llamaVersion}`;
    await run(
      'npm',
      [
        'install',
        '--prefix',
        directory,
        '--omit=optional',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        `node-llama-cpp@${llamaVersion}`,
        prebuilt,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    writeFileSync(installed, '');
  }
  const python = join(directory, 'py');
  if (!existsSync(join(python, 'gguf'))) {
    await run('python3', ['-m', 'pip', 'install', '--quiet', '--target', python, 'gguf', 'numpy'], {
      maxBuffer: 16 * 1024 * 1024,
    });
  }
  const script = fileURLToPath(new URL('../../../test/support/tiny-gguf.py', import.meta.url));
  const version = createHash('sha256').update(readFileSync(script)).digest('hex').slice(0, 12);
  const modelPath = join(directory, `tiny-${version}.gguf`);
  if (!existsSync(modelPath)) {
    await run('python3', [script, modelPath], { env: { ...process.env, PYTHONPATH: python } });
  }
  return {
    modulePath: join(directory, 'node_modules', 'node-llama-cpp', 'dist', 'index.js'),
    modelPath,
    installMs: Math.round(performance.now() - startedMs),
  };
}
