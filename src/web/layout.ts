import { createHash } from 'node:crypto';
import { html, trusted, type Html } from './html.js';
import type { Viewer } from './request.js';

/**
 * The one stylesheet of the dashboard, inline: no outside asset, no JavaScript. The pages allow
 * exactly this stylesheet by its hash (Content-Security-Policy), so an injected style cannot run.
 */
const stylesheet = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1c2330; background: #f6f7f9; }
a { color: #2452b5; text-decoration: none; } a:hover { text-decoration: underline; }
code, .mono { font: 13px/1.5 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
header.top { background: #fff; border-bottom: 1px solid #dde1e7; }
header.top .bar { max-width: 1120px; margin: 0 auto; padding: 0 24px; height: 56px; display: flex; align-items: center; gap: 16px; }
header.top .brand { font-weight: 700; font-size: 18px; color: #1c2330; letter-spacing: -0.01em; }
header.top .brand span { color: #7a8496; font-weight: 500; margin-left: 6px; font-size: 14px; }
header.top nav { display: flex; gap: 4px; flex: 1; }
header.top .spacer { flex: 1; }
header.top .bar.menu { height: 44px; align-items: flex-start; } header.top .bar.menu nav { margin-left: -10px; }
header.top nav a { color: #445066; padding: 6px 10px; border-radius: 6px; font-size: 14px; white-space: nowrap; }
header.top nav a:hover { background: #f0f2f6; text-decoration: none; }
header.top nav a.current { background: #e8eefb; color: #2452b5; font-weight: 600; }
header.top .who { display: flex; align-items: center; gap: 12px; font-size: 13px; color: #667085; white-space: nowrap; }
header.top .who { flex-shrink: 0; } header.top .who span { max-width: 180px; overflow: hidden; text-overflow: ellipsis; }
header.top .who form { margin: 0; }
main { max-width: 1120px; margin: 36px auto 64px; padding: 0 24px; }
main.narrow { max-width: 440px; margin-top: 72px; }
h1 { font-size: 26px; line-height: 1.25; margin: 0 0 6px; letter-spacing: -0.01em; }
h2 { font-size: 17px; margin: 0 0 12px; }
p.lead { color: #556070; margin: 0 0 28px; max-width: 720px; }
.card { background: #fff; border: 1px solid #dde1e7; border-radius: 10px; padding: 22px 24px; margin-bottom: 20px; }
.card > :last-child { margin-bottom: 0; }
.muted { color: #667085; } .small { font-size: 13px; }
.grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 16px; }
.grid.two { grid-template-columns: repeat(2, 1fr); }
a.tile { display: block; background: #fff; border: 1px solid #dde1e7; border-radius: 10px; padding: 18px 20px; color: inherit; }
a.tile:hover { border-color: #3b6fd8; text-decoration: none; }
a.tile strong { display: block; color: #2452b5; font-size: 16px; margin-bottom: 2px; }
a.tile span { color: #667085; font-size: 14px; }
label { display: block; font-weight: 600; font-size: 14px; margin: 0 0 6px; }
label.check { display: flex; gap: 10px; align-items: flex-start; font-weight: 400; }
label.check input { margin-top: 4px; }
.field { margin-bottom: 16px; }
.hint { display: block; font-weight: 400; color: #667085; font-size: 13px; margin-top: 4px; }
input[type=text], input[type=email], input[type=password] { width: 100%; padding: 9px 11px; font: inherit; color: inherit; background: #fff; border: 1px solid #c8ced8; border-radius: 7px; }
input:focus { outline: 2px solid #b9cdf6; border-color: #3b6fd8; }
input.mono { font: 13px/1.5 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
.inline { display: flex; gap: 10px; align-items: flex-end; }
.inline .field { flex: 1; margin-bottom: 0; }
.inline .field.grow2 { flex: 2; }
.inline.compact { max-width: 440px; }
input.code { font: 600 18px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; letter-spacing: 0.08em; text-transform: uppercase; padding: 7px 11px; }
button { font: inherit; font-weight: 600; font-size: 14px; padding: 9px 16px; border-radius: 7px; border: 1px solid #2452b5; background: #2f5fc6; color: #fff; cursor: pointer; white-space: nowrap; }
button:hover { background: #2452b5; }
button.secondary { background: #fff; color: #2b3445; border-color: #c8ced8; }
button.secondary:hover { background: #f3f5f8; }
button.danger { background: #fff; color: #b42318; border-color: #f0c4bf; padding: 5px 11px; font-size: 13px; }
button.danger:hover { background: #fef3f2; }
button.link { background: none; border: none; color: #2452b5; padding: 0; font-weight: 500; font-size: 13px; }
button.link:hover { text-decoration: underline; background: none; }
.notice button.link { font-size: inherit; }
button.wide { width: 100%; }
.actions { display: flex; gap: 10px; margin-top: 20px; }
.actions form { margin: 0; }
.notice { border-radius: 8px; padding: 12px 16px; margin-bottom: 20px; border: 1px solid; }
.notice .detail { margin: 4px 0 0; }
form.inline-form { display: inline; }
.notice.ok { background: #ecfdf3; border-color: #abefc6; color: #05603a; }
.notice.error { background: #fef3f2; border-color: #fecdca; color: #912018; }
.notice.warn { background: #fffaeb; border-color: #fedf89; color: #7a2e0e; }
.notice.info { background: #eff4ff; border-color: #c7d7fe; color: #1d3a8a; }
.secret { display: block; margin-top: 10px; padding: 10px 12px; background: #fff; border: 1px dashed #86cfa5; border-radius: 6px; color: #1c2330; word-break: break-all; user-select: all; }
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th { text-align: left; font-weight: 600; color: #556070; font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; padding: 0 10px 8px; border-bottom: 1px solid #dde1e7; }
td { padding: 10px; border-bottom: 1px solid #eef0f3; vertical-align: middle; }
tr:last-child td { border-bottom: none; }
td form { margin: 0; } td.right, th.right { text-align: right; }
td.break { word-break: break-all; }
.empty { text-align: center; color: #667085; padding: 26px 10px; }
.pill { display: inline-block; padding: 1px 9px; border-radius: 999px; font-size: 12px; font-weight: 600; }
.pill.on { background: #ecfdf3; color: #067647; } .pill.off { background: #f2f4f7; color: #475467; } .pill.bad { background: #fef3f2; color: #b42318; }
.pill.sandbox { background: #fef0c7; color: #93370d; border: 1px solid #fec84b; letter-spacing: 0.06em; vertical-align: middle; }
dl.facts { display: grid; grid-template-columns: 190px 1fr; gap: 12px 16px; margin: 0; align-items: center; }
dl.facts dt { color: #667085; } dl.facts dd { margin: 0; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
dl.facts dd form { margin: 0; }
.code-display { font: 600 30px/1.2 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; letter-spacing: 0.08em; }
ul.scopes { list-style: none; padding: 0; margin: 0; }
ul.scopes li { padding: 10px 0; border-bottom: 1px solid #eef0f3; } ul.scopes li:last-child { border-bottom: none; }
ul.scopes code { background: #f0f2f6; padding: 1px 6px; border-radius: 4px; margin-right: 8px; }
.mode { border: 1px solid #dde1e7; border-radius: 10px; padding: 18px 20px; }
.mode.current { border-color: #3b6fd8; background: #f6f9ff; }
.mode h2 { display: flex; justify-content: space-between; align-items: center; }
.mode p { color: #556070; margin: 0 0 14px; font-size: 14px; }
.pager { display: flex; justify-content: space-between; margin-top: 14px; font-size: 14px; }
table.wide td, table.wide th { white-space: nowrap; }
td.nowrap { white-space: nowrap; }
.sub { display: block; color: #667085; font-size: 12px; } .sub.mono { font-size: 11px; } .sub.bad { color: #b42318; }
.side { font-weight: 600; } .side.buy { color: #067647; } .side.sell { color: #b42318; }
.card-head { display: flex; justify-content: space-between; align-items: baseline; gap: 16px; margin-bottom: 12px; } .card-head h2 { margin: 0; }
nav.tabs { display: flex; gap: 4px; margin-bottom: 16px; border-bottom: 1px solid #dde1e7; }
nav.tabs a { padding: 8px 14px; color: #445066; border-bottom: 2px solid transparent; margin-bottom: -1px; font-weight: 500; }
nav.tabs a.current { color: #2452b5; border-bottom-color: #2452b5; } nav.tabs a:hover { text-decoration: none; color: #2452b5; }
code.chip { display: inline-block; background: #f0f2f6; padding: 1px 6px; border-radius: 4px; margin: 2px 4px 2px 0; font-size: 12px; }
.stats { display: flex; gap: 48px; margin-bottom: 14px; } .stats strong { font-size: 22px; font-weight: 650; display: block; }
.stat-label { display: block; color: #667085; font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; }
form.filters { display: grid; grid-template-columns: 1.2fr 1fr 1fr 1.3fr 1.15fr 1.15fr auto; gap: 12px; align-items: end; }
form.filters .field { margin: 0; } form.filters .buttons { display: flex; gap: 12px; align-items: center; } form.filters button { height: 40px; }
select, input[type=date] { width: 100%; height: 40px; padding: 0 9px; font: inherit; font-size: 14px; color: inherit; background: #fff; border: 1px solid #c8ced8; border-radius: 7px; }
svg.chart { display: block; width: 100%; height: auto; }
svg.chart .bar { fill: #3b6fd8; } svg.chart .bar:hover { fill: #2452b5; }
svg.chart .grid { stroke: #eef0f3; stroke-width: 1; } svg.chart .axis { fill: #667085; font-size: 12px; font-family: system-ui, sans-serif; }
.money-input { display: flex; align-items: center; border: 1px solid #c8ced8; border-radius: 7px; background: #fff; }
.money-input span { padding: 0 0 0 11px; color: #667085; } .money-input input { border: none; padding-left: 6px; }
.money-input:focus-within { outline: 2px solid #b9cdf6; border-color: #3b6fd8; } .money-input input:focus { outline: none; }
input[aria-invalid=true], .money-input:has(input[aria-invalid=true]) { border-color: #d92d20; }
.field-error { display: block; color: #b42318; font-size: 13px; margin-top: 4px; }
fieldset.models { border: none; padding: 0; margin: 0 0 4px; display: grid; grid-template-columns: repeat(4, 1fr); gap: 2px 16px; }
fieldset.models legend { font-weight: 600; font-size: 14px; padding: 0; margin-bottom: 6px; }
label.check.model { margin: 0; font-size: 14px; align-items: center; } label.check.model input { margin-top: 0; }
.usage { display: block; white-space: nowrap; }
ul.modes { padding-left: 18px; margin: 8px 0 0; } ul.modes li { margin-bottom: 2px; }
.terms h2 { font-size: 15px; margin: 20px 0 6px; } .terms h2:first-child { margin-top: 0; } .terms p { margin: 0 0 8px; color: #344054; }
.market-head { display: flex; align-items: center; gap: 14px; } .market-head h1 { margin: 0; } .market-head h1 .muted { font-weight: 400; font-size: 18px; }
.stats.ticker { gap: 32px; margin: 10px 0 20px; flex-wrap: wrap; } .stats.ticker strong { font-size: 17px; }
.market-grid { display: grid; grid-template-columns: minmax(0, 1fr) 380px; gap: 20px; align-items: start; }
nav.tabs.intervals { margin: 0; border: none; } nav.tabs.intervals a { padding: 2px 8px; font-size: 13px; }
table.ladder td { padding: 3px 8px; font-size: 13px; border-bottom: none; } table.ladder th { padding: 0 8px 6px; }
table.ladder tr.ask td.price { color: #b42318; } table.ladder tr.bid td.price { color: #067647; }
table.ladder tr.spread td { text-align: center; color: #667085; font-size: 12px; padding: 6px; border-top: 1px solid #eef0f3; border-bottom: 1px solid #eef0f3; }
table.trades td { padding: 4px 10px; font-size: 13px; }
svg.chart path.bids { fill: #d1fadf; stroke: #12b76a; stroke-width: 1.5; } svg.chart path.asks { fill: #fee4e2; stroke: #f04438; stroke-width: 1.5; }
svg.chart .candle line { stroke: #667085; stroke-width: 1; } svg.chart .candle.up rect { fill: #12b76a; } svg.chart .candle.down rect { fill: #f04438; }
.empty-chart { color: #667085; text-align: center; padding: 40px 0; margin: 0; }
form.ticket .choices { display: flex; gap: 16px; margin-bottom: 12px; } label.choice { display: flex; gap: 6px; align-items: center; font-weight: 500; margin: 0; }
form.ticket input[name=quantity], form.ticket input[name=price] { width: 100%; padding: 9px 11px; font: inherit; border: 1px solid #c8ced8; border-radius: 7px; }
form.ticket button { width: 100%; margin-top: 8px; }
`;

export const stylesheetHash = `sha256-${createHash('sha256').update(stylesheet).digest('base64')}`;

const navigation: { href: string; label: string }[] = [
  { href: '/', label: 'Home' },
  { href: '/markets', label: 'Markets' },
  { href: '/usage', label: 'Usage' },
  { href: '/orders', label: 'Orders' },
  { href: '/trades', label: 'Trades' },
  { href: '/balances', label: 'Balances' },
  { href: '/funds', label: 'Funds' },
  { href: '/keys', label: 'API keys' },
  { href: '/signing-keys', label: 'Signing keys' },
  { href: '/devices', label: 'Devices' },
  { href: '/auto-reload', label: 'Auto-reload' },
  { href: '/account', label: 'Account' },
  { href: '/docs', label: 'Docs' },
];

/** A supplier's pages (books, endpoints, scorecard: tabs of one entry), before the docs. */
const supplierNavigation = [...navigation.slice(0, -1), { href: '/supply', label: 'Supply' }, ...navigation.slice(-1)];

const navigationOf = (viewer: Viewer): { href: string; label: string }[] =>
  viewer.supplier ? supplierNavigation : navigation;

interface PageOptions {
  title: string;
  viewer: Viewer | undefined;
  csrfToken: string;
  /** The navigation entry to highlight. */
  current?: string;
  /** Sign-in pages: a narrow column without navigation. */
  narrow?: boolean;
  /** Reload the page after this many seconds (while something it shows is still running; no JavaScript). */
  refreshSeconds?: number;
}

export function layout(options: PageOptions, body: Html): Html {
  const { viewer } = options;
  const header = viewer
    ? html`<header class="top"><div class="bar">
<a class="brand" href="/">mkt<span>dashboard</span></a><span class="spacer"></span>
<div class="who"><span>${viewer.session.user.email}</span>${csrfForm('/logout', options.csrfToken, html`<button class="secondary" type="submit">Log out</button>`)}</div>
</div><div class="bar menu"><nav>${navigationOf(viewer).map((n) => html`<a href="${n.href}"${n.href === options.current ? trusted(' class="current" aria-current="page"') : ''}>${n.label}</a>`)}</nav></div></header>`
    : html`<header class="top"><div class="bar"><a class="brand" href="/">mkt<span>dashboard</span></a><nav></nav>
<div class="who"><a href="/login">Log in</a><a href="/signup">Sign up</a><a href="/docs">Docs</a></div></div></header>`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${viewer ? html`<meta name="csrf-token" content="${options.csrfToken}">` : ''}
${options.refreshSeconds === undefined ? '' : html`<meta http-equiv="refresh" content="${options.refreshSeconds}">`}
<title>${options.title} · mkt</title><link rel="icon" href="data:,">
<style>${trusted(stylesheet)}</style></head>
<body>${header}
<main${options.narrow ? trusted(' class="narrow"') : ''}>
${body}
</main></body></html>`;
}

/** A POST form carrying the CSRF token. */
export function csrfForm(action: string, csrfToken: string, content: Html, attributes: Html = html``): Html {
  return html`<form method="post" action="${action}"${attributes}><input type="hidden" name="csrf_token" value="${csrfToken}">${content}</form>`;
}

export type NoticeTone = 'ok' | 'error' | 'warn' | 'info';

export function notice(tone: NoticeTone, title: string | Html, detail?: string | Html): Html {
  return html`<div class="notice ${tone}" role="${tone === 'error' ? 'alert' : 'status'}"><strong>${title}</strong>${detail ? html`<div class="detail">${detail}</div>` : ''}</div>`;
}

/** `2026-11-22 10:15 UTC`, or the fallback for an absent time. */
export function formatTime(us: number | null | undefined, fallback = 'never'): string {
  if (us === null || us === undefined) return fallback;
  return new Date(Math.floor(Number(us) / 1000)).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}
