import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type Koa from 'koa';
import { documentPath, type ApiName } from '../lib/documents.js';
import { asyncapiText, streamsReference } from './docs-streams.js';

/**
 * The docs portal on the platform host: /docs lists the three APIs, /docs/<api> renders one with
 * Redoc. Everything is served from here (the Redoc bundle ships with @redocly/cli, the documents
 * are bundled from openapi/), so the portal works with no outside request.
 */
const apis: { name: ApiName; title: string; blurb: string }[] = [
  {
    name: 'consumption',
    title: 'Consumption API',
    blurb: 'OpenAI- and Anthropic-compatible inference, models and usage receipts. Consumption key.',
  },
  {
    name: 'trading',
    title: 'Trading API',
    blurb: 'Instruments, markets, order book, orders, trades, accounts and transfers. Ed25519-signed requests.',
  },
  {
    name: 'platform',
    title: 'Platform API',
    blurb: 'OAuth device-flow login, consumption and signing keys, account settings, deposits. OAuth access token.',
  },
];

const redocBundlePath = createRequire(import.meta.url).resolve('@redocly/cli/lib/chunks/redoc.standalone.js');

/**
 * Redoc's sidebar footer ("API docs by Redocly") loads its logo from cdn.redoc.ly, the portal's only
 * outside request. The bundle is served with that address pointed here, at a text logo of our own,
 * so the attribution stays and nothing leaves the machine.
 */
const redocCdn = 'https://cdn.redoc.ly/redoc/';
const redocLogoPath = '/docs/assets/redoc/';
const redocLogos: Record<string, string> = {
  'logo-mini.svg': logoSvg('R', 24),
  'logo-mini-full.svg': logoSvg('Redocly', 72),
};

function logoSvg(text: string, width: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" viewBox="0 0 ${width} 20"><text x="0" y="15" font-family="system-ui, sans-serif" font-size="15" font-weight="600" fill="#1c2330">${text}</text></svg>`;
}

let redocBundle: Promise<string> | undefined;
function localRedocBundle(): Promise<string> {
  redocBundle ??= readFile(redocBundlePath, 'utf8').then((text) => text.replaceAll(redocCdn, redocLogoPath));
  return redocBundle;
}
const bundled = new Map<ApiName, Promise<string>>();

async function bundledDocument(api: ApiName): Promise<string> {
  let text = bundled.get(api);
  if (!text) {
    text = (async () => {
      // Loaded on the first request for a document: a quarter of a second that every `mkt serve` and `mkt admin`
      // start would otherwise pay, for a page few processes ever serve.
      const { bundle, loadConfig } = await import('@redocly/openapi-core');
      const result = await bundle({ ref: documentPath(api), config: await loadConfig({}) });
      return JSON.stringify(result.bundle.parsed);
    })();
    bundled.set(api, text);
  }
  return text;
}

const page = (title: string, body: string, head = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>${head}
<style>
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1c2330; background: #f6f7f9; }
  main { max-width: 760px; margin: 64px auto; padding: 0 24px; }
  h1 { font-size: 28px; margin: 0 0 8px; } p.lead { color: #556; margin: 0 0 32px; }
  a.api { display: block; background: #fff; border: 1px solid #dde1e7; border-radius: 8px; padding: 20px 24px; margin-bottom: 16px; color: inherit; text-decoration: none; }
  a.api:hover { border-color: #3b6fd8; } a.api strong { display: block; font-size: 18px; color: #2452b5; } a.api span { color: #556; }
  main.wide { max-width: 1100px; } pre { background: #fff; border: 1px solid #dde1e7; border-radius: 6px; padding: 12px; overflow-x: auto; font-size: 13px; }
  pre.prose { white-space: pre-wrap; font: inherit; } table { border-collapse: collapse; background: #fff; } td, th { border: 1px solid #dde1e7; padding: 6px 10px; text-align: left; vertical-align: top; }
</style></head><body>${body}</body></html>`;

function indexPage(): string {
  const links = [
    ...apis.map((a) => `<a class="api" href="/docs/${a.name}"><strong>${a.title}</strong><span>${a.blurb}</span></a>`),
    '<a class="api" href="/docs/streams"><strong>Trading streams (WebSocket)</strong><span>Live market data and account events over the Phoenix Channels protocol on the trading host. AsyncAPI 3.0.</span></a>',
  ].join('\n');
  return page(
    'mkt API reference',
    `<main><h1>mkt API reference</h1><p class="lead">A real-time spot market for AI inference. Version 1.0.0.</p>\n${links}</main>`,
  );
}

function apiPage(api: (typeof apis)[number]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>mkt ${api.title}</title><style>body { margin: 0; }
  /* Redoc lets headings break anywhere, which split "consumption" across two lines in the middle
     column: break between words only, at a size the column holds. */
  h1 { word-break: normal !important; overflow-wrap: normal !important; hyphens: manual !important; font-size: 26px !important; line-height: 1.3 !important; }
</style></head>
<body><redoc spec-url="/docs/openapi/${api.name}.json"></redoc>
<script type="module" src="/docs/assets/redoc.standalone.js"></script></body></html>`;
}

export function docsPortal(): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' || !(ctx.path === '/docs' || ctx.path.startsWith('/docs/'))) {
      await next();
      return;
    }
    const rest = ctx.path.replace(/^\/docs\/?/, '');
    if (rest === '') {
      ctx.type = 'html';
      ctx.body = indexPage();
      return;
    }
    if (rest === 'assets/redoc.standalone.js') {
      ctx.type = 'application/javascript';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = await localRedocBundle();
      return;
    }
    const logo = rest.startsWith('assets/redoc/') ? redocLogos[rest.slice('assets/redoc/'.length)] : undefined;
    if (logo) {
      ctx.type = 'image/svg+xml';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = logo;
      return;
    }
    if (rest === 'streams') {
      ctx.type = 'html';
      ctx.body = page('mkt trading streams', await streamsReference());
      return;
    }
    if (rest === 'asyncapi.yaml') {
      ctx.type = 'text/yaml';
      ctx.body = await asyncapiText();
      return;
    }
    const api = apis.find((a) => rest === a.name);
    if (api) {
      ctx.type = 'html';
      ctx.body = apiPage(api);
      return;
    }
    const spec = apis.find((a) => rest === `openapi/${a.name}.json`);
    if (spec) {
      ctx.type = 'json';
      ctx.body = await bundledDocument(spec.name);
      return;
    }
    await next(); // unknown: the API router answers 404 in the envelope
  };
}
