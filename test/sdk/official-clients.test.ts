import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { createTestUser } from '../support/fixtures.js';
import { giveUnits } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
/** The versions TOOLING.md records; .ci/run installs them from PyPI. */
const pythonClients = 'openai==3.54.0 anthropic==2.12.0';

/**
 * The official `openai` and `anthropic` Python clients against a running service, base URL only
 * (issue 11, items 1, 9 and 10): a 402 says why in the message the client shows, malformed
 * schemas are the clients' UnprocessableEntityError, every reasoning effort the openai client
 * allows is accepted, an answer missing the caller's schema is billed, and
 * `messages.count_tokens` counts what a message is billed for.
 */
describeEachDatabase('the official openai and anthropic Python clients', (env) => {
  const services = () => env().service.services;
  const model = 'text-standard';

  before(async function () {
    try {
      await promisify(execFile)('python3', ['-c', 'import openai, anthropic']);
    } catch {
      throw new Error(`The Python clients are missing: python3 -m pip install ${pythonClients} (.ci/run does this).`);
    }
  });

  it('see readable 402s, 422s for malformed schemas, every reasoning effort accepted, the schema miss billed, and token counts', async function () {
    this.timeout(180_000); // two Python clients start and make about 30 requests; generous for a busy machine
    const supplier = await createTestUser(services());
    const instrument = (await services().reference.resolveModel(model))!;
    await makeSupplier(services(), supplier.userId, [instrument.id]);
    const funded = await createTestUser(services());
    await giveUnits(services(), funded.userId, instrument.id, 1);
    await services().db.transaction((trx) =>
      transferToConsumption(trx, {
        userId: funded.userId,
        instrumentId: instrument.id,
        quantity: 1,
        orderId: null,
        nowUs: services().clock.nowUs(),
      }),
    );
    const empty = await createTestUser(services());

    const { stdout } = await promisify(execFile)(
      'python3',
      [
        `${root}/test/sdk/official_clients_check.py`,
        env().service.urls.consumption!,
        env().service.urls.messages!,
        model,
        funded.apiKey,
        empty.apiKey,
      ],
      {
        timeout: 120_000,
      },
    );
    const seen = JSON.parse(stdout);

    for (const key of ['openai_402', 'openai_402_responses', 'anthropic_402']) {
      expect(seen[key], key).to.include({ status: 402 });
      expect(seen[key].message, key).to.match(/^Error code: 402 - .*consumption account/);
    }
    expect(seen.openai_402).to.include({ code: 'insufficient_capacity', type: 'insufficient_quota' });
    expect(seen.anthropic_402).to.include({ type: 'billing_error' });
    expect(seen.openai_404).to.include({ status: 404, class: 'NotFoundError', code: 'model_not_found' });
    expect(seen.openai_404.message).to.include('No model no-such-model');

    for (const key of [
      'openai_422_response_format',
      'openai_422_not',
      'openai_422_tools',
      'openai_422_responses_format',
      'anthropic_422_tools',
      'count_tokens_422',
    ]) {
      expect(seen[key], key).to.include({ status: 422, class: 'UnprocessableEntityError' });
    }
    expect(seen.openai_422_response_format.message).to.include(
      'response_format.json_schema.schema is not a valid JSON Schema',
    );
    expect(seen.openai_422_not.message).to.include('admits no value');
    expect(seen.openai_422_tools.message).to.include('tools.0.function.parameters is not a valid JSON Schema');
    expect(seen.anthropic_422_tools.message).to.include('body.tools.0.input_schema is not a valid JSON Schema');

    for (const [effort, outcome] of Object.entries(
      seen.efforts as Record<string, { chat: unknown; responses: unknown }>,
    )) {
      expect(outcome, effort).to.deep.equal({ chat: null, responses: null });
    }
    expect(Object.keys(seen.efforts)).to.have.length(7);

    expect(seen.impossible_schema.completion_tokens).to.equal(2000);
    const receipt = (
      await env().consumption.get(`/v1/usage/${seen.impossible_schema.request_id}`, { bearer: funded.apiKey })
    ).body.data;
    expect(receipt).to.include({ status: 'schema_mismatch', cost_status: 'settled', completion_tokens: 2000 });
    expect(Number(receipt.cost_units)).to.be.greaterThan(0);

    expect(seen.count_tokens).to.be.a('number').greaterThan(20);
    expect(seen.count_tokens_empty_account).to.equal(seen.count_tokens);
    expect(seen.message_input_tokens).to.equal(seen.count_tokens);

    // max_price through extra_body: taken, the cost inline; not a price, a 422 the clients raise as such.
    for (const [endpoint, usage] of Object.entries(
      seen.max_price_ok as Record<string, { cost_usd: string; cost_units: string }>,
    )) {
      expect(usage.cost_usd, endpoint).to.match(/^\d+\.\d{6}$/);
      expect(Number(usage.cost_units), endpoint).to.be.greaterThan(0);
    }
    const receipts = await services()
      .db('inference_requests')
      .where('user_id', funded.userId)
      .count({ n: '*' })
      .first();
    for (const [value, byEndpoint] of Object.entries(
      seen.max_price_bad as Record<string, Record<string, { status: number; class: string; message: string }>>,
    )) {
      for (const [endpoint, refused] of Object.entries(byEndpoint)) {
        expect(refused, `${value} on ${endpoint}`).to.include({ status: 422, class: 'UnprocessableEntityError' });
        expect(refused.message, `${value} on ${endpoint}`).to.include('max_price');
      }
    }
    // No refused request left a receipt: every receipt is of a request the script saw answered.
    const answered = 2 * 7 + 1 + 1 + 3; // the efforts on two endpoints, the schema miss, the counted message, max_price_ok
    expect(Number((receipts as { n: number | string }).n)).to.equal(answered);
  });
});
