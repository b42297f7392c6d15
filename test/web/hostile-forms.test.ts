import { expect } from 'chai';
import { describeEachDatabase } from '../support/service.js';
import { makeUser, password } from './browser.js';

/** Dashboard forms carrying text no database stores alike (issue 11, item 7): a 400 page, never a 500. */
describeEachDatabase('dashboard: forms with NUL characters and lone surrogates', (env) => {
  const csrf = 'C'.repeat(43);
  const postForm = (path: string, fields: Record<string, string>) =>
    fetch(env().service.urls.platform + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `mkt_csrf=${csrf}` },
      body: new URLSearchParams({ ...fields, csrf_token: csrf }).toString(),
      redirect: 'manual',
    });

  // (A form cannot carry a lone surrogate: URL encoding is UTF-8, which turns it into U+FFFD.)
  for (const text of ['a\u0000b', '\u0000']) {
    it(`answers a NUL character (${JSON.stringify(text)}) in a log-in, sign-up or device field with a 400 page`, async () => {
      const user = await makeUser(env().service.services, 'forms');
      for (const [path, fields] of [
        ['/login', { email: `${user.email}${text}`, password }],
        ['/login', { email: user.email, password: `${password}${text}` }],
        ['/signup', { email: `new${text}@example.com`, password }],
      ] as const) {
        const reply = await postForm(path, fields);
        expect(reply.status, `${path} ${JSON.stringify(fields)}`).to.equal(400);
        expect(await reply.text()).to.contain('Request refused');
      }
      const page = await fetch(`${env().service.urls.platform}/device?user_code=${encodeURIComponent(`AB${text}CD`)}`, {
        redirect: 'manual',
      });
      expect(page.status).to.equal(400);
    });
  }
});
