import { expect } from 'chai';
import { describeEachDatabase } from '../support/service.js';

describeEachDatabase('the docs portal', (env) => {
  const get = (path: string) => fetch(env().service.urls.platform + path);

  it('lists the three APIs at /docs', async () => {
    const response = await get('/docs');
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.contain('text/html');
    expect(response.headers.get('x-request-id')).to.match(/^req_/);
    const html = await response.text();
    for (const api of ['consumption', 'trading', 'platform']) expect(html).to.contain(`href="/docs/${api}"`);
  });

  it('renders each API with the Redoc bundle it serves itself, no outside address', async () => {
    for (const api of ['consumption', 'trading', 'platform']) {
      const html = await (await get(`/docs/${api}`)).text();
      expect(html).to.contain(`spec-url="/docs/openapi/${api}.json"`);
      expect(html).not.to.match(/https?:\/\//);
    }
    const script = await get('/docs/assets/redoc.standalone.js');
    expect(script.status).to.equal(200);
    expect(script.headers.get('content-type')).to.contain('javascript');
    expect((await script.text()).length).to.be.greaterThan(100_000);
  });

  it('serves each document bundled into one self-contained OpenAPI 3.1 file', async () => {
    for (const api of ['consumption', 'trading', 'platform']) {
      const response = await get(`/docs/openapi/${api}.json`);
      expect(response.status).to.equal(200);
      const text = await response.text();
      const document = JSON.parse(text);
      expect(document.openapi).to.equal('3.1.0');
      expect(document.info.version).to.equal('1.0.0');
      const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
      expect(refs.length).to.be.greaterThan(0);
      expect(refs.filter((ref) => !ref.startsWith('#/'))).to.deep.equal([]);
    }
  });

  it('answers an unknown docs path with 404 in the envelope', async () => {
    const response = await get('/docs/openapi/../../package.json');
    expect(response.status).to.equal(404);
    expect(((await response.json()) as { errors: { code: string } }).errors.code).to.equal('not_found');
  });
});
