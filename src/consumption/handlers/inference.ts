import type { operations } from '../../../generated/types/consumption.js';
import type { ApiRequest, ApiResponse, OperationHandler, Principal } from '../../http/types.js';
import type { ConsumptionDeps } from '../deps.js';
import { AssertionFailed } from '../../lib/assert.js';
import {
  countRequestTokens,
  redirectInference,
  runInference,
  type Caller,
  type Endpoint,
  type InferenceDeps,
} from '../inference/pipeline.js';
import type { BodyOf } from '../inference/inference-prepare.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], ConsumptionDeps>;

function callerOf(principal: Principal | null): Caller {
  if (principal?.kind !== 'api_key') throw new AssertionFailed('inference needs a consumption-key principal');
  return {
    userId: principal.userId,
    apiKeyId: principal.apiKeyId,
    ...(principal.ticket && { ticket: principal.ticket }),
  };
}

/** What a redirect takes beyond inference: the public URL of the host that answers. */
type RedirectDeps = InferenceDeps & { publicUrls: { of(host: 'consumption' | 'messages'): string } };

/** Where a redirect sends the run: the host that answers, and the run's path on it. */
interface RunAt {
  host: 'consumption' | 'messages';
  path: string;
}

/**
 * `POST /v1/…`: every check of the run, then `307` to the same path under `/r` with the admission
 * ticket; nothing runs. The Location is absolute (some clients, like the live service's CLI,
 * follow no relative one), on the public URL of the host that answers (DESIGN.md §9): the same
 * origin as the request, so clients that keep the Authorization header keep it, and never built
 * from the Host header.
 */
async function redirectTo<E extends Endpoint>(
  deps: RedirectDeps,
  endpoint: E,
  { body, rawBody, principal }: ApiRequest<unknown, unknown, BodyOf<E>>,
  { host, path }: RunAt,
): Promise<ApiResponse<undefined>> {
  const { headers, ticket } = await redirectInference(deps, endpoint, body, rawBody, callerOf(principal));
  return {
    status: 307,
    headers: { ...headers, location: `${deps.publicUrls.of(host)}${path}?ticket=${ticket}` },
    body: undefined,
  };
}

/** `POST /r/v1/…`: admit, route, answer (JSON or an event stream), settle. */
async function runOn<E extends Endpoint>(
  deps: InferenceDeps,
  endpoint: E,
  { body, principal, mktRequestId, signal }: ApiRequest<unknown, unknown, BodyOf<E>>,
): Promise<ApiResponse<never>> {
  const answer = await runInference(deps, endpoint, body, callerOf(principal), mktRequestId, signal);
  return { status: 200, headers: answer.headers, body: answer.body as never };
}

const chatRun: RunAt = { host: 'consumption', path: '/r/v1/chat/completions' };
const responsesRun: RunAt = { host: 'consumption', path: '/r/v1/responses' };
const messagesRun: RunAt = { host: 'messages', path: '/r/v1/messages' };

export const createChatCompletion: Handler<'createChatCompletion'> = (request, services) =>
  redirectTo(services, 'chat.completions', request, chatRun);
export const runChatCompletion: Handler<'runChatCompletion'> = (request, services) =>
  runOn(services, 'chat.completions', request);
export const createResponse: Handler<'createResponse'> = (request, services) =>
  redirectTo(services, 'responses', request, responsesRun);
export const runResponse: Handler<'runResponse'> = (request, services) => runOn(services, 'responses', request);
export const createMessage: Handler<'createMessage'> = (request, services) =>
  redirectTo(services, 'messages', request, messagesRun);
export const runMessage: Handler<'runMessage'> = (request, services) => runOn(services, 'messages', request);

/**
 * `POST /v1/messages/count_tokens` on the messages host: answered here (no redirect), not billed, no slot, no daily
 * count.
 */
export const countMessageTokens: Handler<'countMessageTokens'> = async ({ body, principal }, services) => {
  callerOf(principal);
  return { status: 200, body: { input_tokens: await countRequestTokens(services, body) } };
};
