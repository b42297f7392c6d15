import { defaultDatabaseUrl } from './db/knex.js';
import type { RoutingOptions } from './consumption/routing.js';
import { upstreamTimeoutDefaults } from './consumption/suppliers/openai-upstream.js';
import { leaseLifetimeMsDefault } from './consumption/leases.js';

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

export interface Config {
  databaseUrl: string;
  host: string;
  ports: Record<HostName, number>;
  only: HostName[];
  logLevel: string;
  simulatedSupplier: boolean;
  /** Order submissions per user and market: refill per second and burst (DESIGN.md §4: 10 and 20). */
  orderRate: { ratePerSecond: number; burst: number };
  /**
   * Inference failover (MKT_SUPPLIER_ATTEMPTS, MKT_SUPPLIER_COOLDOWN_MS), upstream timeouts
   * (MKT_SUPPLIER_FIRST_BYTE_TIMEOUT_MS, MKT_SUPPLIER_ANSWER_TIMEOUT_MS, MKT_SUPPLIER_IDLE_TIMEOUT_MS)
   * and the pacing of simulated suppliers (MKT_SIMULATOR_TTFT_MS, MKT_SIMULATOR_TOKENS_PER_SECOND; 0 = instant).
   */
  routing: RoutingOptions;
  /** How long a concurrency slot holds if its process stops renewing it (MKT_INFERENCE_LEASE_MS, 30 s; at least 1 s). */
  inferenceLeaseMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, only: HostName[] = hostNames): Config {
  const ports = Object.fromEntries(
    hostNames.map((name) => {
      const text = env[portVariables[name]];
      const port = text === undefined || text === '' ? defaultPorts[name] : Number(text);
      if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`${portVariables[name]} must be a port number, got ${text}`);
      return [name, port];
    }),
  ) as Record<HostName, number>;
  return {
    databaseUrl: env.DATABASE_URL || defaultDatabaseUrl,
    host: env.MKT_HOST || '127.0.0.1',
    ports,
    only,
    logLevel: env.MKT_LOG_LEVEL || 'info',
    simulatedSupplier: (env.MKT_SIMULATED_SUPPLIER ?? 'on') !== 'off',
    orderRate: { ratePerSecond: positiveInteger(env, 'MKT_ORDER_RATE_PER_SECOND', 10), burst: positiveInteger(env, 'MKT_ORDER_BURST', 20) },
    routing: {
      attemptsMax: positiveInteger(env, 'MKT_SUPPLIER_ATTEMPTS', 3),
      cooldownMs: positiveInteger(env, 'MKT_SUPPLIER_COOLDOWN_MS', 30_000),
      simulator: { timeToFirstTokenMs: wholeNumber(env, 'MKT_SIMULATOR_TTFT_MS', 0), tokensPerSecond: wholeNumber(env, 'MKT_SIMULATOR_TOKENS_PER_SECOND', 0) },
      upstream: {
        firstByteTimeoutMs: positiveInteger(env, 'MKT_SUPPLIER_FIRST_BYTE_TIMEOUT_MS', upstreamTimeoutDefaults.firstByteTimeoutMs),
        answerTimeoutMs: positiveInteger(env, 'MKT_SUPPLIER_ANSWER_TIMEOUT_MS', upstreamTimeoutDefaults.answerTimeoutMs),
        idleTimeoutMs: positiveInteger(env, 'MKT_SUPPLIER_IDLE_TIMEOUT_MS', upstreamTimeoutDefaults.idleTimeoutMs),
      },
    },
    inferenceLeaseMs: Math.max(1_000, positiveInteger(env, 'MKT_INFERENCE_LEASE_MS', leaseLifetimeMsDefault)),
  };
}

export function parseHostList(text: string): HostName[] {
  const names = text.split(',').map((s) => s.trim()).filter(Boolean);
  for (const name of names) {
    if (!hostNames.includes(name as HostName)) throw new Error(`--only takes ${hostNames.join(',')}; got ${name}`);
  }
  return names as HostName[];
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${text}`);
  return value;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got ${text}`);
  return value;
}
