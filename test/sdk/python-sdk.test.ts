import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { createTestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describeEachDatabase('the generated Python SDK', (env) => {
  it('lists and pages instruments, reads controls and sees a 404, signing with the cryptography package', async () => {
    const user = await createTestUser(env().service.services);
    const { stdout } = await promisify(execFile)('python3', [`${root}/test/sdk/python_sdk_check.py`, env().service.urls.trading!, user.signingKey.privateKey, user.signingKey.fingerprint], {
      env: { ...process.env, PYTHONPATH: `${root}/generated/sdk/python/trading` },
    });
    const result = JSON.parse(stdout);
    expect(result.symbols).to.have.length(9);
    expect(result.symbols[0]).to.equal('AGENT-MAX');
    expect(result.max_order_size).to.equal(10000);
    expect(result.missing_status).to.equal(404);
  });
});
