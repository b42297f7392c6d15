import { expect } from 'chai';
import { createTestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { fundUser, ManualClock } from '../support/trading-fixtures.js';
import { sendPage } from './form-client.js';
import { PageSession, visibleText } from './supplier-session.js';

/**
 * The Funds page's money out over plain HTTP: a destination added by form cools off; once usable, a withdrawal needs
 * the password again when the sign-in is older than five minutes; a wrong password changes nothing.
 */
describeEachDatabase(
  'dashboard: withdrawing from the Funds page',
  (env) => {
    const clock = () => env().service.services.clock as ManualClock;

    it('adds a destination, then withdraws to it once it cooled off, confirming the password', async () => {
      const user = await createTestUser(env().service.services);
      await fundUser(env().service.services, user.userId, '40.00');
      let session = await PageSession.logIn(env().service.urls.platform!, user.email);
      const added = await session.post('/funds/destinations', { label: 'Sandbox wallet' });
      expect(added.status, added.text.slice(0, 300)).to.equal(200);
      expect(visibleText(added)).to.contain('Destination “Sandbox wallet” added');
      expect(visibleText(added)).to.contain('Cooling off until');
      expect(visibleText(added)).to.contain('No destination can receive a withdrawal yet');

      clock().advance(86_400 * 1_000_000 + 1);
      session = await PageSession.logIn(env().service.urls.platform!, user.email);
      const page = await session.get('/funds');
      const destinationId = /<option value="(payout_destination_[^"]+)">Sandbox wallet<\/option>/.exec(page.text)?.[1];
      expect(destinationId, 'the usable destination in the form').to.be.a('string');
      expect(page.text).not.to.contain('name="password"');

      clock().advance(301 * 1_000_000);
      const stale = await session.get('/funds');
      expect(stale.text).to.contain('id="withdraw_password"');
      const wrong = await session.post('/funds/withdraw', {
        amount_usd: '15.00',
        destination_id: destinationId!,
        password: 'not the password',
      });
      expect(wrong.status).to.equal(403);
      expect(visibleText(wrong)).to.contain('The password is incorrect');
      const unconfirmed = await session.post('/funds/withdraw', {
        amount_usd: '15.00',
        destination_id: destinationId!,
      });
      expect(unconfirmed.status).to.equal(403);
      expect(visibleText(unconfirmed)).to.contain('Confirm your password');
      const paid = await session.post('/funds/withdraw', {
        amount_usd: '15.00',
        destination_id: destinationId!,
        password: 'correct horse battery staple',
      });
      expect(paid.status, visibleText(paid).slice(0, 400)).to.equal(200);
      expect(visibleText(paid)).to.contain('15.00 USD withdrawn.');
      expect(/<span id="withdrawable">([^<]+)<\/span>/.exec(paid.text)?.[1]).to.equal('25.00');
      const over = await session.post('/funds/withdraw', { amount_usd: '30.00', destination_id: destinationId! });
      expect(over.status).to.equal(422);
      expect(visibleText(over)).to.contain('You can withdraw at most 25.00 USD');
      const forged = await sendPage(env().service.urls.platform!, 'POST', '/funds/withdraw', {
        cookie: session.cookie,
        form: { amount_usd: '5.00', destination_id: destinationId! },
      });
      expect(forged.status).to.equal(403);
    });
  },
  { clock: () => new ManualClock() },
);
