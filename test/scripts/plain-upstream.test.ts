import { expect } from 'chai';
import { startPlainUpstream, type PlainUpstream } from '../../scripts/bench/plain-upstream.js';
import { createOpenAiUpstream } from '../../src/consumption/suppliers/openai-upstream.js';
import type { ChatChunk, ChatRequest } from '../../src/consumption/suppliers/types.js';

/**
 * bench-gateway's default upstream (scripts/bench/plain-upstream.ts) is one mkt's supplier adapter takes as it is:
 * a chat completion with the upstream's own usage, whole or streamed, answered with the caller's model.
 */
describe('bench-gateway: the plain upstream', () => {
  let upstream: PlainUpstream;
  before(async () => (upstream = await startPlainUpstream()));
  after(() => upstream.close());

  const request: ChatRequest = { model: 'text-standard', messages: [{ role: 'user', content: 'Say hello.' }] };
  const usage = {
    prompt_tokens: 10,
    completion_tokens: 16,
    total_tokens: 26,
    completion_tokens_details: { reasoning_tokens: 0 },
  };
  const signal = new AbortController().signal;
  const supplier = () => createOpenAiUpstream({ id: 'plain', baseUrl: upstream.url, model: 'sim' });

  it('answers a whole completion that mkt reads with its usage', async () => {
    const answer = await supplier().complete({ request, signal });
    expect(answer.model).to.equal('text-standard');
    expect(answer.choices[0]!.message.content).to.match(/^Every large book/);
    expect(answer.usage).to.deep.equal(usage);
  });

  it('streams events that mkt reads, ending in the usage', async () => {
    const chunks: ChatChunk[] = [];
    for await (const chunk of await supplier().stream({ request: { ...request, stream: true }, signal }))
      chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).to.match(/^Every large book/);
    expect(chunks.at(-1)!.usage).to.deep.equal(usage);
  });

  it('keeps the connection alive and sends a content-length with JSON', async () => {
    const body = JSON.stringify(request);
    const answer = await fetch(`${upstream.url}/chat/completions`, { method: 'POST', body });
    expect(answer.headers.get('content-length')).to.equal(String((await answer.text()).length));
    expect(answer.headers.get('connection')).to.equal('keep-alive');
  });

  it('answers 400 to what is no chat completion request', async () => {
    const answer = await fetch(`${upstream.url}/chat/completions`, { method: 'POST', body: '{}' });
    expect(answer.status).to.equal(400);
  });
});
