import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type Koa from 'koa';

/**
 * The scripts of the market page, served by the platform host itself (the dashboard loads nothing from elsewhere),
 * as the docs portal serves Redoc: read from disk on first use, then kept. `market.js` and `market-view.js` are
 * written by hand in src/web/assets/ (plain modern JavaScript, no build step); `market-charts.js`,
 * `market-markup.js` and `html.js` are the modules the server draws the first paint with, as tsc compiled them, so
 * the script redraws with the same code; `mkt-stream/*.js` is the TypeScript SDK's stream client
 * (`MktStream`: reconnection with backoff, the book kept from a snapshot and its sequence), as tsc compiled it into
 * dist/generated/sdk/typescript/streams/, so the page and the SDK share one client.
 */
const scripts: Record<string, string> = {
  // This module runs from dist/src/web/; the hand-written scripts stay in the source tree, three levels up.
  'market.js': '../../../src/web/assets/market.js',
  'market-view.js': '../../../src/web/assets/market-view.js',
  // The markup the server renders too, as tsc compiled it beside this module (they import only html.js).
  'market-charts.js': './market-charts.js',
  'market-markup.js': './market-markup.js',
  'html.js': './html.js',
  'mkt-stream/client.js': '../../generated/sdk/typescript/streams/client.js',
  'mkt-stream/book.js': '../../generated/sdk/typescript/streams/book.js',
};

interface Asset {
  text: string;
  etag: string;
}

const loaded = new Map<string, Promise<Asset>>();

async function load(relative: string): Promise<Asset> {
  // The compiled SDK ends with a source map comment whose map is not served: dropped, so browsers ask for nothing.
  const text = (await readFile(fileURLToPath(new URL(relative, import.meta.url)), 'utf8')).replace(
    /\n\/\/# sourceMappingURL=\S+\s*$/,
    '\n',
  );
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"` };
}

function assetOf(name: string): Promise<Asset> | undefined {
  const relative = Object.hasOwn(scripts, name) ? scripts[name] : undefined;
  if (relative === undefined) return undefined;
  let asset = loaded.get(name);
  if (!asset) {
    asset = load(relative);
    loaded.set(name, asset);
  }
  return asset;
}

/** GET /assets/<script>: JavaScript, revalidated by its ETag (a new release serves new text at once). */
export function marketAssets(): Koa.Middleware {
  return async (ctx, next) => {
    const name = ctx.path.startsWith('/assets/') ? ctx.path.slice('/assets/'.length) : undefined;
    const asset = name === undefined || !['GET', 'HEAD'].includes(ctx.method) ? undefined : assetOf(name);
    if (asset === undefined) {
      await next();
      return;
    }
    const { text, etag } = await asset;
    ctx.set('Cache-Control', 'public, no-cache');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('ETag', etag);
    ctx.type = 'text/javascript; charset=utf-8';
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304;
      return;
    }
    ctx.body = text;
  };
}
