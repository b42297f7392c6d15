import { expect } from 'chai';
import { password } from './browser.js';
import { cookieNamed, sendPage, type PageReply } from './form-client.js';

/**
 * A signed-in dashboard user over plain HTTP: logged in through the log-in form, then every page read with its session
 * cookie and every form sent with the session's CSRF token (read from the page's meta tag, as a browser's form carries
 * it in a hidden field).
 */
export class PageSession {
  private constructor(
    private readonly baseUrl: string,
    readonly cookie: string,
    readonly csrfToken: string,
  ) {}

  static async logIn(baseUrl: string, email: string): Promise<PageSession> {
    const reply = await sendPage(baseUrl, 'POST', '/login', { form: { email, password } });
    expect(reply.status, reply.text.slice(0, 500)).to.equal(303);
    const cookie = cookieNamed(reply, 'mkt_session')?.split(';')[0];
    expect(cookie, 'mkt_session cookie').to.be.a('string');
    const home = await sendPage(baseUrl, 'GET', '/', { cookie: cookie! });
    const csrfToken = /<meta name="csrf-token" content="([^"]+)">/.exec(home.text)?.[1];
    expect(csrfToken, 'csrf-token meta tag').to.be.a('string');
    return new PageSession(baseUrl, cookie!, csrfToken!);
  }

  get(path: string): Promise<PageReply> {
    return sendPage(this.baseUrl, 'GET', path, { cookie: this.cookie });
  }

  /** A form post with the session's CSRF token (or the one given in `form`). */
  post(path: string, form: Record<string, string> = {}): Promise<PageReply> {
    return sendPage(this.baseUrl, 'POST', path, { cookie: this.cookie, form: { csrf_token: this.csrfToken, ...form } });
  }
}

/** The text of a page without its markup, spaces collapsed: what a reader sees, for `contain` checks. */
export function visibleText(reply: PageReply): string {
  return reply.text
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

/** The markup of the card whose id is `id`, up to the next card. */
export function sectionWithId(reply: PageReply, id: string): string {
  const start = reply.text.indexOf(`id="${id}"`);
  expect(start, `an element with id ${id}`).to.be.at.least(0);
  const next = /<div class="card(?: [a-z-]+)*"/g;
  next.lastIndex = start;
  const end = next.exec(reply.text)?.index;
  return reply.text.slice(start, end);
}
