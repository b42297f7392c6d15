/**
 * The environment's settings and their defaults. This file imports nothing of ours but its config-* siblings: the modules
 * that use a setting declare the shape they take (RoutingOptions in consumption/inference/routing.ts,
 * PaymentsOptions in core/payments-options.ts, TradingConfig in trading/deps.ts), and the objects
 * built here satisfy them.
 */

import { positiveInteger, usdCents, usdRange, wholeNumber } from './config-numbers.js';
import { loadWithdrawals } from './config-withdrawals.js';
import { loadWatch, type WatchConfig } from './config-watch.js';
import { loadMarkets, type MarketsConfig } from './config-markets.js';

export type HostName = 'consumption' | 'messages' | 'trading' | 'platform';
export const hostNames: HostName[] = ['consumption', 'messages', 'trading', 'platform'];

/** DESIGN.md §2: default listeners; port 0 picks a free port. */
const defaultPorts: Record<HostName, number> = { consumption: 8080, messages: 8081, trading: 8082, platform: 8083 };
const portVariables: Record<HostName, string> = {
  consumption: 'MKT_CONSUMPTION_PORT',
  messages: 'MKT_MESSAGES_PORT',
  trading: 'MKT_TRADING_PORT',
  platform: 'MKT_PLATFORM_PORT',
};

/** DESIGN.md §9: where clients reach each host, for every link, verification_uri and redirect. */
const publicUrlVariables: Record<HostName, string> = {
  consumption: 'MKT_PUBLIC_URL_CONSUMPTION',
  messages: 'MKT_PUBLIC_URL_MESSAGES',
  trading: 'MKT_PUBLIC_URL_TRADING',
  platform: 'MKT_PUBLIC_URL_PLATFORM',
};

/** Where the database is unless DATABASE_URL says: a SQLite file beside the working directory. */
export const databaseUrlDefault = 'sqlite:./data/mkt.sqlite';

/** How long an upstream may take unless configured (consumption/suppliers/openai-upstream.ts reads them as options). */
const upstreamTimeoutDefaults = {
  firstByteTimeoutMs: 30_000,
  /** As long as the official OpenAI clients wait by default. */
  answerTimeoutMs: 600_000,
  /** Generous for a model between two tokens, even one that reasons in silence; a hung upstream is let go. */
  idleTimeoutMs: 120_000,
};

/**
 * Leases on inference slots last this long unless configured; under a minute, as a lost process's users wait this long
 * at most.
 */
const inferenceLeaseMsDefault = 30_000;

/**
 * Inference failover, upstream timeouts and the simulated suppliers' pacing (consumption/inference/routing.ts
 * RoutingOptions).
 */
interface RoutingConfig {
  /** Suppliers tried for one request before it fails (the first included). */
  attemptsMax: number;
  /** How long a supplier that failed is passed over while others remain. */
  cooldownMs: number;
  simulator: { timeToFirstTokenMs: number; tokensPerSecond: number };
  upstream: { firstByteTimeoutMs: number; answerTimeoutMs: number; idleTimeoutMs: number };
}

export interface Config {
  databaseUrl: string;
  host: string;
  ports: Record<HostName, number>;
  only: HostName[];
  /**
   * The public URL of each host that configures one (`MKT_PUBLIC_URL_<HOST>`): an origin such as
   * `https://api.example.com`, never a path. Hosts without one use their listener's URL (PublicUrls).
   */
  publicUrls: Partial<Record<HostName, string>>;
  logLevel: string;
  simulatedSupplier: boolean;
  /** Order submissions per user and market: refill per second and burst (DESIGN.md §4: 10 and 20). */
  orderRate: { ratePerSecond: number; burst: number };
  /**
   * Inference failover (MKT_SUPPLIER_ATTEMPTS, MKT_SUPPLIER_COOLDOWN_MS), upstream timeouts
   * (MKT_SUPPLIER_FIRST_BYTE_TIMEOUT_MS, MKT_SUPPLIER_ANSWER_TIMEOUT_MS, MKT_SUPPLIER_IDLE_TIMEOUT_MS)
   * and the pacing of simulated suppliers (MKT_SIMULATOR_TTFT_MS, MKT_SIMULATOR_TOKENS_PER_SECOND; 0 = instant).
   */
  routing: RoutingConfig;
  /**
   * The key admission tickets are signed with (MKT_TICKET_SECRET, at least 32 characters; every
   * process of a deployment must have the same). Unset: made on first start and kept beside the
   * SQLite database, or in the PostgreSQL database for every process to share (src/db/tickets.ts).
   */
  ticketSecret: string | undefined;
  /**
   * The secret suppliers' upstream keys are sealed with (MKT_UPSTREAM_KEY_SECRET, at least 32 characters; every process
   * the same), with MKT_TICKET_SECRET's fallbacks when unset (src/db/deployment-secrets.ts).
   */
  upstreamKeySecret: string | undefined;
  /**
   * How long a concurrency slot holds if its process stops renewing it (MKT_INFERENCE_LEASE_MS, 30 s; at least 1 s).
   */
  inferenceLeaseMs: number;
  /** How money comes in (DESIGN.md §11, platform.yaml tag "Funds"): MKT_PAYMENTS and the sandbox's limits. */
  payments: PaymentsConfig;
  /** Where issued Units go (MKT_SUPPLY_ISSUANCE, DESIGN.md §13): the issuance account, or `direct` to trading. */
  supplyIssuance: SupplyIssuanceMode;
  /**
   * A streaming replica of DATABASE_URL's PostgreSQL for the read-only endpoints (DATABASE_READ_URL); unset, every
   * read goes to the primary.
   */
  databaseReadUrl: string | undefined;
  /**
   * The listener of /metrics, /livez and /readyz (MKT_METRICS_HOST 127.0.0.1, MKT_METRICS_PORT 9464; 0 picks a free
   * port, `off` serves none): a port of its own, never one of the public hosts.
   */
  metrics: { host: string; port: number | 'off' };
  /**
   * The stream socket's own listener, in a worker thread beside the trading host (MKT_STREAMS_PORT: a port, 0 for a
   * free one, or `off`, the default, where the socket is the trading host's alone), and where clients reach it
   * (MKT_PUBLIC_URL_STREAMS, an origin as the hosts' own).
   */
  streams: { port: number | 'off'; publicUrl: string | undefined };
  /** Seconds between the periodic ledger audits (MKT_AUDIT_INTERVAL_S, 300; 0 turns them off). */
  auditIntervalS: number;
  /**
   * Where spans are exported over OTLP/HTTP: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, or
   * OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces` (the OpenTelemetry SDK's own rule). Unset: nothing is exported.
   */
  otlpTracesUrl: string | undefined;
  /** How long spans are gathered before each export (OTEL_BSP_SCHEDULE_DELAY in ms, the SDK's 5000 by default). */
  otlpScheduleDelayMs: number;
  /** How long an OAuth access token lives from its issue (MKT_ACCESS_TOKEN_TTL_S, 3600 seconds). */
  accessTokenTtlS: number;
  /**
   * How often each process re-reads, in one statement, whether the credentials of its authenticated stream sockets
   * still hold (MKT_STREAM_CREDENTIAL_CHECK_MS, 2000): an expired or revoked one is closed within about this long.
   */
  streamCredentialCheckMs: number;
  /** Canaries and the watch over endpoints (config-watch.ts). */
  watch: WatchConfig;
  /** How money goes out (DESIGN.md §16): withdrawals' limits, cooling-off and re-authentication (config-withdrawals.ts). */
  withdrawals: ReturnType<typeof loadWithdrawals>;
  /** The markets this process trades (MKT_MARKETS) and its trading host's internal URL (config-markets.ts). */
  markets: MarketsConfig;
}

/**
 * `account` (the default, as the live service): issued Units wait in the supplier's issuance account
 * until `POST /v1/issuance-accounts/transfer` moves them to trading. `direct`: they reach the trading
 * account at once, recorded as issued and transferred.
 */
export type SupplyIssuanceMode = 'account' | 'direct';

type PaymentMethod = 'sandbox' | 'manual';

/** Amounts in micro-dollars, whole cents (core/payments-options.ts PaymentsOptions). */
interface PaymentsConfig {
  /**
   * `sandbox` (the default): credited at once, as sandbox money; `manual`: waits for `mkt admin deposit
   * approve|reject`.
   */
  method: PaymentMethod;
  /** Most one user's deposits may add per UTC day in sandbox (MKT_SANDBOX_DAILY_LIMIT_USD, 1000.00). */
  sandboxDailyLimitMicros: number;
  /** Smallest and largest deposit a user may ask for (MKT_DEPOSIT_MIN_USD 1.00, MKT_DEPOSIT_MAX_USD 10000.00). */
  depositMinMicros: number;
  depositMaxMicros: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, only: HostName[] = hostNames): Config {
  const ports: Record<HostName, number> = {
    consumption: portOf(env, 'consumption'),
    messages: portOf(env, 'messages'),
    trading: portOf(env, 'trading'),
    platform: portOf(env, 'platform'),
  };
  return {
    databaseUrl: env.DATABASE_URL || databaseUrlDefault,
    host: env.MKT_HOST || '127.0.0.1',
    ports,
    only,
    publicUrls: Object.fromEntries(
      hostNames.flatMap((name) => {
        const text = env[publicUrlVariables[name]];
        return text === undefined || text === '' ? [] : [[name, parsePublicUrl(publicUrlVariables[name], text)]];
      }),
    ),
    logLevel: env.MKT_LOG_LEVEL || 'info',
    simulatedSupplier: (env.MKT_SIMULATED_SUPPLIER ?? 'on') !== 'off',
    orderRate: {
      ratePerSecond: positiveInteger(env, 'MKT_ORDER_RATE_PER_SECOND', 10),
      burst: positiveInteger(env, 'MKT_ORDER_BURST', 20),
    },
    routing: {
      attemptsMax: positiveInteger(env, 'MKT_SUPPLIER_ATTEMPTS', 3),
      cooldownMs: positiveInteger(env, 'MKT_SUPPLIER_COOLDOWN_MS', 30_000),
      simulator: {
        timeToFirstTokenMs: wholeNumber(env, 'MKT_SIMULATOR_TTFT_MS', 0),
        tokensPerSecond: wholeNumber(env, 'MKT_SIMULATOR_TOKENS_PER_SECOND', 0),
      },
      upstream: upstreamTimeouts(env),
    },
    ticketSecret: secretSetting(env, 'MKT_TICKET_SECRET'),
    upstreamKeySecret: secretSetting(env, 'MKT_UPSTREAM_KEY_SECRET'),
    inferenceLeaseMs: Math.max(1_000, positiveInteger(env, 'MKT_INFERENCE_LEASE_MS', inferenceLeaseMsDefault)),
    payments: loadPayments(env),
    supplyIssuance: supplyIssuanceMode(env),
    databaseReadUrl: databaseReadUrl(env),
    ...listenersBeside(env),
    auditIntervalS: wholeNumber(env, 'MKT_AUDIT_INTERVAL_S', 300),
    otlpTracesUrl: otlpTracesUrl(env),
    otlpScheduleDelayMs: wholeNumber(env, 'OTEL_BSP_SCHEDULE_DELAY', 5000),
    ...credentialLifetimes(env),
    watch: loadWatch(env),
    withdrawals: loadWithdrawals(env),
    markets: loadMarkets(env),
  };
}

/** How long an upstream may take (RoutingConfig's `upstream`). */
function upstreamTimeouts(env: NodeJS.ProcessEnv): RoutingConfig['upstream'] {
  const defaults = upstreamTimeoutDefaults;
  return {
    firstByteTimeoutMs: positiveInteger(env, 'MKT_SUPPLIER_FIRST_BYTE_TIMEOUT_MS', defaults.firstByteTimeoutMs),
    answerTimeoutMs: positiveInteger(env, 'MKT_SUPPLIER_ANSWER_TIMEOUT_MS', defaults.answerTimeoutMs),
    idleTimeoutMs: positiveInteger(env, 'MKT_SUPPLIER_IDLE_TIMEOUT_MS', defaults.idleTimeoutMs),
  };
}

/** How long access tokens live, and how soon stream sockets notice one that ended (Config's fields of these names). */
function credentialLifetimes(env: NodeJS.ProcessEnv): Pick<Config, 'accessTokenTtlS' | 'streamCredentialCheckMs'> {
  return {
    // One hour, as platform.yaml's TokenResponse.expires_in says by default.
    accessTokenTtlS: positiveInteger(env, 'MKT_ACCESS_TOKEN_TTL_S', 3600),
    streamCredentialCheckMs: positiveInteger(env, 'MKT_STREAM_CREDENTIAL_CHECK_MS', 2000),
  };
}

function databaseReadUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.DATABASE_READ_URL;
  if (url === undefined || url === '') return undefined;
  if (!url.startsWith('postgres://') && !url.startsWith('postgresql://'))
    throw new Error(`DATABASE_READ_URL must be a postgres:// URL of a streaming replica, got ${url}`);
  return url;
}

/** The listeners beside the public hosts: the operators' metrics, and the stream socket's own (Config's fields). */
function listenersBeside(env: NodeJS.ProcessEnv): Pick<Config, 'metrics' | 'streams'> {
  const streamsUrl = env.MKT_PUBLIC_URL_STREAMS;
  return {
    metrics: { host: env.MKT_METRICS_HOST || '127.0.0.1', port: portOrOff(env, 'MKT_METRICS_PORT', 9464) },
    streams: {
      port: portOrOff(env, 'MKT_STREAMS_PORT', 'off'),
      publicUrl: streamsUrl ? parsePublicUrl('MKT_PUBLIC_URL_STREAMS', streamsUrl) : undefined,
    },
  };
}

/** A listener's port (MKT_METRICS_PORT, MKT_STREAMS_PORT): a number (0 picks a free one) or `off`. */
function portOrOff(env: NodeJS.ProcessEnv, variable: string, fallback: number | 'off'): number | 'off' {
  const text = env[variable];
  if (text === undefined || text === '') return fallback;
  if (text === 'off') return 'off';
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`${variable} must be a port number or off, got ${text}`);
  return port;
}

function otlpTracesUrl(env: NodeJS.ProcessEnv): string | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!base) return undefined;
  return `${base.replace(/\/+$/, '')}/v1/traces`;
}

function portOf(env: NodeJS.ProcessEnv, name: HostName): number {
  const text = env[portVariables[name]];
  const port = text === undefined || text === '' ? defaultPorts[name] : Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`${portVariables[name]} must be a port number, got ${text}`);
  return port;
}

function supplyIssuanceMode(env: NodeJS.ProcessEnv): SupplyIssuanceMode {
  const mode = env.MKT_SUPPLY_ISSUANCE || 'account';
  if (mode !== 'account' && mode !== 'direct')
    throw new Error(`MKT_SUPPLY_ISSUANCE must be account or direct, got ${mode}`);
  return mode;
}

function loadPayments(env: NodeJS.ProcessEnv): PaymentsConfig {
  const method = env.MKT_PAYMENTS || 'sandbox';
  if (method !== 'sandbox' && method !== 'manual')
    throw new Error(`MKT_PAYMENTS must be sandbox or manual, got ${method}`);
  const [depositMinMicros, depositMaxMicros] = usdRange(env, 'MKT_DEPOSIT', [1_000_000, 10_000_000_000]);
  return {
    method,
    sandboxDailyLimitMicros: usdCents(env, 'MKT_SANDBOX_DAILY_LIMIT_USD', 1_000_000_000),
    depositMinMicros,
    depositMaxMicros,
  };
}

/**
 * An absolute http(s) URL with no path, query, fragment or credentials, as its origin (a trailing
 * slash is dropped, the host name lower-cased, a default port omitted). Anything else stops the
 * start: a link built on a wrong base would send users elsewhere.
 */
function parsePublicUrl(variable: string, text: string): string {
  const refuse = (why: string) =>
    new Error(
      `${variable} must be an absolute http or https URL with no path, like https://api.example.com; ${why}, got ${JSON.stringify(text)}`,
    );
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse('it is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse(`the scheme is ${url.protocol.slice(0, -1)}`);
  if (url.username !== '' || url.password !== '') throw refuse('it carries credentials');
  if (url.pathname !== '/' || text.includes('?') || text.includes('#'))
    throw refuse('it has a path, query or fragment');
  return url.origin;
}

/** A listener's URL as a client reaches it: a wildcard bind stands for the loopback address. */
const reachable = (listenerUrl: string): string =>
  listenerUrl.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:');

/**
 * The public URL of every host this process knows: configured, or else the listener's own URL,
 * which exists only once the listener is bound (port 0 picks the port then). A wildcard bind
 * (0.0.0.0, ::) names no address a client can use, so it stands for the loopback address; set
 * MKT_PUBLIC_URL_<HOST> when clients come from elsewhere. Never derived from a request's Host.
 */
export class PublicUrls {
  private readonly urls: Partial<Record<HostName, string>>;
  private streams: string | undefined;

  constructor(configured: Partial<Record<HostName, string>>) {
    this.urls = { ...configured };
  }

  /** Called as each listener starts, before it serves a request. */
  listening(host: HostName, listenerUrl: string): void {
    this.urls[host] ??= reachable(listenerUrl);
  }

  /** The origin of `host` where this process knows it (configured, or listening here); else undefined. */
  known(host: HostName): string | undefined {
    return this.urls[host];
  }

  /** The origin of `host`, e.g. `https://api.example.com`; only asked of hosts that are configured or listening. */
  of(host: HostName): string {
    const url = this.urls[host];
    if (url === undefined)
      throw new Error(`the public URL of the ${host} host is not known: set ${publicUrlVariables[host]}`);
    return url;
  }

  isHttps(host: HostName): boolean {
    return this.of(host).startsWith('https:');
  }

  /** Where the stream socket is (MKT_PUBLIC_URL_STREAMS, or the streams worker's listener), before it serves. */
  streamsAt(url: string): void {
    this.streams ??= reachable(url);
  }

  /** The origin clients open the stream socket on: its own listener's where there is one, else the trading host's. */
  stream(): string | undefined {
    return this.streams ?? this.urls.trading;
  }
}

export function parseHostList(text: string): HostName[] {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.map((name) => {
    const host = hostNames.find((known) => known === name);
    if (host === undefined) throw new Error(`--only takes ${hostNames.join(',')}; got ${name}`);
    return host;
  });
}

/** A secret setting (MKT_TICKET_SECRET, MKT_UPSTREAM_KEY_SECRET): unset or empty means none configured; a short one is refused (it would be guessable). */
function secretSetting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  if (text.length < 32)
    throw new Error(`${name} must be at least 32 characters (for example: openssl rand -base64 32)`);
  return text;
}
