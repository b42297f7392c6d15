/**
 * Markets partitioned across processes (issue 33, item 3): which markets this process trades, and where the others
 * reach its trading host. app/market-ownership.ts resolves the names against the database at start (config is a
 * leaf: the shape is declared here).
 */
export interface MarketsConfig {
  /**
   * MKT_MARKETS: market ids or instrument symbols, comma-separated, as given (checked against the database at start);
   * null: every market (the default).
   */
  names: string[] | null;
  /**
   * MKT_INTERNAL_TRADING_URL: the origin other processes forward this process's orders to; unset, its trading
   * listener's own URL (right on one machine; set it when processes run on several).
   */
  internalTradingUrl: string | undefined;
}

export function loadMarkets(env: NodeJS.ProcessEnv): MarketsConfig {
  const text = env.MKT_MARKETS ?? '';
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (text.trim() !== '' && names.length === 0)
    throw new Error(`MKT_MARKETS must name market ids or instrument symbols, comma-separated; got ${text}`);
  return { names: names.length === 0 ? null : [...new Set(names)], internalTradingUrl: internalTradingUrl(env) };
}

function internalTradingUrl(env: NodeJS.ProcessEnv): string | undefined {
  const text = env.MKT_INTERNAL_TRADING_URL;
  if (text === undefined || text === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/')
    throw new Error(
      `MKT_INTERNAL_TRADING_URL must be an http or https origin such as http://10.0.0.5:8082; got ${text}`,
    );
  return url.origin;
}
