/**
 * The market a trading write is for, read from the request as received, before anything is verified
 * (http/forwarding.ts): from the path, the query or the raw body, or from the stored order it names (one read by
 * primary key). Undefined when the request names none this way: it is served where it arrived, and its own checks
 * answer it.
 */

/** A routed request as the relay sees it: not yet authenticated, parsed or validated. */
export interface RelayedRequest {
  operationId: string;
  /** The router's path parameters. */
  params: Readonly<Record<string, string>>;
  querystring: string;
  bytes: Buffer;
}

/** The stored orders' markets by order id (those that exist). */
export type MarketsOfOrders = (orderIds: readonly string[]) => Promise<ReadonlyMap<string, string>>;

type MarketOfRequest = (request: RelayedRequest, marketsOfOrders: MarketsOfOrders) => Promise<string | undefined>;

/** The body as JSON when it is an object; undefined otherwise (the pipeline answers such a body itself). */
function bodyObject(bytes: Buffer): Record<string, unknown> | undefined {
  if (bytes.length === 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : undefined;
  } catch {
    return undefined;
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The market of the first of `orderIds` that exists. */
async function marketOfFirstOrder(orderIds: unknown[], marketsOfOrders: MarketsOfOrders): Promise<string | undefined> {
  const ids = orderIds.map(text).filter((id): id is string => id !== undefined);
  const markets = await marketsOfOrders(ids.slice(0, 50));
  return ids.map((id) => markets.get(id)).find((market) => market !== undefined);
}

/**
 * The writes that match or change a market's book, and where each names its market. A batch goes to the owner of its
 * first order's market (the owner matches any other market of the batch too, correctly under that market's row lock:
 * send one batch per market to keep each on its owner).
 */
export const marketOfRequest: Readonly<Record<string, MarketOfRequest | undefined>> = {
  createOrder: (request) => Promise.resolve(text(bodyObject(request.bytes)?.market_id)),
  createOrderBatch: (request) => {
    const orders = bodyObject(request.bytes)?.orders;
    const first: unknown = Array.isArray(orders) ? orders[0] : undefined;
    return Promise.resolve(
      typeof first === 'object' && first !== null && 'market_id' in first ? text(first.market_id) : undefined,
    );
  },
  amendOrder: (request, marketsOfOrders) => marketOfFirstOrder([request.params.order_id], marketsOfOrders),
  cancelOrder: (request, marketsOfOrders) => marketOfFirstOrder([request.params.order_id], marketsOfOrders),
  batchCancelOrders: (request, marketsOfOrders) => {
    const ids = bodyObject(request.bytes)?.order_ids;
    return Array.isArray(ids) ? marketOfFirstOrder(ids, marketsOfOrders) : Promise.resolve(undefined);
  },
  cancelMarketOrders: (request) => Promise.resolve(text(request.params.market_id)),
  // Without `market_id` it cancels on every market: served where it arrives.
  cancelOrders: (request) => Promise.resolve(text(new URLSearchParams(request.querystring).get('market_id'))),
};
