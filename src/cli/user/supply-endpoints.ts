import type { Command } from 'commander';
import type { Bind } from './bind.js';
import type { components } from '../../../generated/types/trading.js';
import { required } from './arguments.js';
import { tradingData, tradingRequest, failure, type Session } from './http.js';
import { CliError, renderRecord, renderTable, show, type Output } from './output.js';

type SupplierEndpoint = components['schemas']['SupplierEndpoint'];

/**
 * `mkt supply endpoints …`, for suppliers: the upstreams their inference goes to (issue 31). An endpoint serves an
 * instrument only once qualified for it; a new or changed one waits for a qualification run.
 */

interface EndpointOptions {
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  removeApiKey?: boolean;
  instruments?: string;
  status?: string;
}

/** `id: qualification`, who suspended it, and what the watch last found when it judged: `X: suspended by watch (misses)`. */
const qualificationsOf = (endpoint: SupplierEndpoint): string =>
  endpoint.instruments
    .map((i) => {
      const by = i.suspended_by === null ? '' : ` by ${i.suspended_by}`;
      const standing = i.standing === 'unjudged' ? '' : ` (${i.standing})`;
      return `${i.instrument_id}: ${i.qualification}${by}${standing}`;
    })
    .join(', ');

function showEndpoint(output: Output, endpoint: SupplierEndpoint): void {
  show(output, endpoint, () =>
    renderRecord([
      ['endpoint', endpoint.endpoint_id],
      ['base URL', endpoint.base_url ?? 'simulated'],
      ['model', endpoint.model ?? '-'],
      ['status', endpoint.status],
      [
        'API key',
        endpoint.api_key_set ? `set${endpoint.api_key_last4 ? ` (…${endpoint.api_key_last4})` : ''}` : 'none',
      ],
      ['instruments', qualificationsOf(endpoint)],
    ]),
  );
}

/** `--instruments a,b`: the names, trimmed; undefined when not given. */
const instrumentList = (text: string | undefined): string[] | undefined =>
  text
    ?.split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');

async function listEndpoints(session: Session, output: Output): Promise<void> {
  const endpoints = await tradingData<SupplierEndpoint[]>(session, 'GET', '/v1/supply/endpoints');
  const rows = endpoints.map((e) => [
    e.endpoint_id,
    e.base_url ?? 'simulated',
    e.model ?? '-',
    e.status,
    qualificationsOf(e),
  ]);
  show(output, endpoints, () =>
    rows.length
      ? renderTable(['endpoint', 'base URL', 'model', 'status', 'instruments'], rows)
      : 'No endpoints: register one with mkt supply endpoints add --base-url URL --model M --instruments I.',
  );
}

async function addEndpoint(session: Session, output: Output, options: EndpointOptions): Promise<void> {
  const instruments = instrumentList(options.instruments);
  if (options.baseUrl === undefined || options.model === undefined || instruments === undefined)
    throw new CliError(
      'give --base-url URL --model M --instruments I[,I…] (and --api-key K if the upstream needs one)',
    );
  const body = {
    base_url: options.baseUrl,
    model: options.model,
    instrument_ids: instruments,
    ...(options.apiKey === undefined ? {} : { api_key: options.apiKey }),
  };
  showEndpoint(output, await tradingData<SupplierEndpoint>(session, 'POST', '/v1/supply/endpoints', { body }));
}

async function updateEndpoint(
  session: Session,
  output: Output,
  endpointId: string,
  options: EndpointOptions,
): Promise<void> {
  const body = {
    ...(options.baseUrl === undefined ? {} : { base_url: options.baseUrl }),
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.apiKey === undefined ? {} : { api_key: options.apiKey }),
    ...(options.removeApiKey ? { api_key: null } : {}),
    ...(options.instruments === undefined ? {} : { instrument_ids: instrumentList(options.instruments) }),
    ...(options.status === undefined ? {} : { status: options.status }),
  };
  if (Object.keys(body).length === 0) throw new CliError('give at least one thing to change');
  const path = `/v1/supply/endpoints/${encodeURIComponent(endpointId)}`;
  showEndpoint(output, await tradingData<SupplierEndpoint>(session, 'PATCH', path, { body }));
}

async function removeEndpoint(session: Session, output: Output, endpointId: string): Promise<void> {
  const path = `/v1/supply/endpoints/${encodeURIComponent(endpointId)}`;
  const reply = await tradingRequest(session, 'DELETE', path);
  if (reply.status !== 204) throw failure(reply, 'the trading API');
  show(output, { endpoint_id: endpointId, status: 'deleted' }, () => `Deleted ${endpointId}.`);
}

/** The `endpoints` commands under `mkt supply`. */
export function endpointCommands(supply: Command, bind: Bind): void {
  const endpoints = supply.command('endpoints').description('the upstreams your inference goes to');
  endpoints
    .command('list')
    .description('your endpoints and their qualification per instrument')
    .action(bind((s, o) => listEndpoints(s, o)));
  const withFields = (command: Command) =>
    command
      .option('--base-url <url>', "the upstream's OpenAI-compatible base URL (http or https, with its /v1)")
      .option('--model <model>', 'the model to ask the upstream for')
      .option('--api-key <key>', 'sent to the upstream as a Bearer token; stored encrypted, never shown')
      .option('--instruments <list>', 'instruments offered, ids or symbols, comma-separated');
  withFields(endpoints.command('add').description('register an endpoint (pending until qualified)')).action(
    bind<EndpointOptions>((s, o, _a, options) => addEndpoint(s, o, options)),
  );
  withFields(endpoints.command('update').argument('<endpoint>', 'endpoint id'))
    .option('--remove-api-key', 'remove the upstream key')
    .option('--status <status>', 'active or disabled')
    .description('change an endpoint (a new URL, model or key waits for qualification again)')
    .action(bind<EndpointOptions>((s, o, [id], options) => updateEndpoint(s, o, required(id), options)));
  endpoints
    .command('remove')
    .argument('<endpoint>', 'endpoint id')
    .description('delete an endpoint: it serves nothing more')
    .action(bind((s, o, [id]) => removeEndpoint(s, o, required(id))));
}
