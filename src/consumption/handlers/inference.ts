import type { operations } from '../../../generated/types/consumption.js';
import type { ApiRequest, OperationHandler, Principal } from '../../http/types.js';
import type { ConsumptionDeps } from '../deps.js';
import { AssertionFailed } from '../../lib/assert.js';
import {
  countRequestTokens,
  redirectInference,
  runInference,
  type Caller,
  type Endpoint,
} from '../inference/pipeline.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], ConsumptionDeps>;

function callerOf(principal: Principal | null): Caller {
  if (principal?.kind !== 'api_key') throw new AssertionFailed('inference needs a consumption-key principal');
  return {
    userId: principal.userId,
    apiKeyId: principal.apiKeyId,
    ...(principal.ticket && { ticket: principal.ticket }),
  };
}

/**
 * `POST /v1/…`: every check of the run, then `307` to the same path under `/r` with the admission
 * ticket; nothing runs. The Location is absolute (some clients, like the live service's CLI,
 * follow no relative one), on the public URL of the host that answers (DESIGN.md §9): the same
 * origin as the request, so clients that keep the Authorization header keep it, and never built
 * from the Host header.
 */
const redirectTo =
  (endpoint: Endpoint, host: 'consumption' | 'messages', path: string) =>
  async ({ body, rawBody, principal }: ApiRequest<any, any, any>, services: ConsumptionDeps) => {
    const { headers, ticket } = await redirectInference(services, endpoint, body, rawBody, callerOf(principal));
    return {
      status: 307,
      headers: { ...headers, location: `${services.publicUrls.of(host)}${path}?ticket=${ticket}` },
      body: undefined,
    };
  };

/** `POST /r/v1/…`: admit, route, answer (JSON or an event stream), settle. */
const runOn =
  (endpoint: Endpoint) =>
  async ({ body, principal, mktRequestId, signal }: ApiRequest<any, any, any>, services: ConsumptionDeps) => {
    const answer = await runInference(services, endpoint, body, callerOf(principal), mktRequestId, signal);
    return { status: 200, headers: answer.headers, body: answer.body as never };
  };

export const createChatCompletion = redirectTo(
  'chat.completions',
  'consumption',
  '/r/v1/chat/completions',
) as Handler<'createChatCompletion'>;
export const runChatCompletion = runOn('chat.completions') as Handler<'runChatCompletion'>;
export const createResponse = redirectTo('responses', 'consumption', '/r/v1/responses') as Handler<'createResponse'>;
export const runResponse = runOn('responses') as Handler<'runResponse'>;
export const createMessage = redirectTo('messages', 'messages', '/r/v1/messages') as Handler<'createMessage'>;
export const runMessage = runOn('messages') as Handler<'runMessage'>;

/** `POST /v1/messages/count_tokens` on the messages host: answered here (no redirect), not billed, no slot, no daily count. */
export const countMessageTokens: Handler<'countMessageTokens'> = async ({ body, principal }, services) => {
  callerOf(principal);
  return { status: 200, body: { input_tokens: await countRequestTokens(services, body) } };
};
