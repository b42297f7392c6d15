import { expect } from 'chai';
import { describeEachDatabase } from '../support/service.js';

describeEachDatabase('streams: the AsyncAPI reference in the docs portal', (env) => {
  const get = (path: string) => fetch(env().service.urls.platform + path);

  it('links it from /docs and renders its operations and messages offline at /docs/streams', async () => {
    expect(await (await get('/docs')).text()).to.contain('href="/docs/streams"');
    const response = await get('/docs/streams');
    expect(response.status).to.equal(200);
    const html = await response.text();
    for (const name of [
      'phx_join',
      'authenticate',
      'subscribe',
      'ack',
      'market_ticker',
      'book_snapshot',
      'book_update',
      'new_order',
      'order_update',
      'balance_update',
    ]) {
      expect(html).to.contain(`<code>${name}</code>`);
    }
    expect(html).to.contain('id="message-subscribe"');
    expect(html).not.to.match(/(src|href)="https?:/); // nothing fetched from outside
    const yaml = await get('/docs/asyncapi.yaml');
    expect(yaml.status).to.equal(200);
    expect(await yaml.text()).to.match(/^asyncapi: 3\.0\.0/);
  });
});
