import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { describeEachDatabase } from '../support/service.js';
import { openPage, screenshotDirectory, useBrowser } from './browser.js';

/**
 * The docs portal in Chromium, with its network log: every request a page makes (scripts, the
 * documents, fonts, images such as a logo) goes to the platform host itself, so the portal works
 * on a machine with no outside network. Each page is saved as a screenshot.
 */
describeEachDatabase('the docs portal in Chromium', (env) => {
  const browser = useBrowser();
  const pages = [
    { path: '/docs', ready: 'text=mkt API reference' },
    { path: '/docs/consumption', ready: 'h1:has-text("consumption API")' },
    { path: '/docs/trading', ready: 'h1:has-text("trading API")' },
    { path: '/docs/platform', ready: 'h1:has-text("platform API")' },
    { path: '/docs/streams', ready: 'h1' },
  ];

  for (const { path, ready } of pages) {
    it(`${path} makes no request outside the platform host, and no word of its title is broken`, async function () {
      this.timeout(60_000);
      const { context, page } = await openPage(browser(), env());
      const origin = new URL(env().service.urls.platform!).origin;
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      try {
        await page.goto(path);
        await page.waitForSelector(ready, { timeout: 45_000 });
        await page.waitForLoadState('networkidle');
        mkdirSync(screenshotDirectory, { recursive: true });
        await page.screenshot({
          path: join(screenshotDirectory, `docs${path.replace(/\//g, '-')}-${env().database}.png`),
        });
        const outside = requested.filter(
          (url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'),
        );
        expect(outside, `requests outside ${origin}`).to.deep.equal([]);
        // No word of the title is broken: the browser may wrap only between words, and nothing
        // overflows the title's box; at most two lines.
        const title = (await page.evaluate(`(() => {
          const h = document.querySelector('h1');
          const style = getComputedStyle(h);
          return { text: h.innerText, wordBreak: style.wordBreak, overflowWrap: style.overflowWrap, fontSize: parseFloat(style.fontSize),
            height: h.getBoundingClientRect().height, scrollWidth: h.scrollWidth, clientWidth: h.clientWidth };
        })()`)) as {
          text: string;
          wordBreak: string;
          overflowWrap: string;
          fontSize: number;
          height: number;
          scrollWidth: number;
          clientWidth: number;
        };
        expect([title.wordBreak, title.overflowWrap], title.text).to.deep.equal(['normal', 'normal']);
        expect(title.scrollWidth, `${title.text} overflows`).to.be.at.most(title.clientWidth);
        expect(title.height, `${title.text}: at most two lines`).to.be.below(title.fontSize * 3);
      } finally {
        await context.close();
      }
    });
  }
});
