import { expect } from 'chai';
import { lastCut, SentTokens } from '../../src/consumption/capacity/leases.js';
import { textTokens } from '../../src/consumption/tokens/tokens.js';
import { seededRandom } from '../../src/lib/seeded-random.js';

/**
 * A stream's delivered tokens are counted as the text grows (src/consumption/capacity/leases.ts), a piece at
 * a time, cut only where the tokenizer's pre-tokens always break: the count must always equal the
 * count of the whole text sent, or a crash would bill more (or less) than was delivered.
 */
describe('consumption: counting the tokens a stream has sent', () => {
  const cuts: [string, number][] = [
    ['oneword', 0],
    ['', 0],
    [' leading', 0], // nothing before it to cut from
    ['a b', 1],
    ['the last of many words', 16],
    ['two  spaces', 3], // before the run of spaces, never inside it
    ['line\nbreak', 5],
    ['x \ny', 3],
    ['a.\n/path', 0], // `.\n/` is one pre-token
    ['end\n\n', 0],
    ['x\n\ty', 0],
  ];
  for (const [text, cut] of cuts) {
    it(`cuts ${JSON.stringify(text)} at ${cut}`, () => {
      expect(lastCut(text)).to.equal(cut);
      if (cut > 0) expect(textTokens(text.slice(0, cut)) + textTokens(text.slice(cut))).to.equal(textTokens(text));
    });
  }

  it('counts every prefix of mixed text exactly as the whole prefix counts', () => {
    const pieces = [
      'The',
      ' market',
      ' opened',
      '.',
      '\n\n',
      ' ',
      '  ',
      'é',
      '日本語',
      '😀',
      "'s",
      "n't",
      '{"a":',
      '[1,2]',
      '\r\n',
      '/',
      '-',
      '123456',
      ' ',
      '\t',
      '<|endoftext|>',
      'URL',
      'http://x.example/y',
    ];
    const next = seededRandom(20_261_122);
    const below = (n: number) => Math.floor(next() * n);
    for (let trial = 0; trial < 400; trial += 1) {
      const sent = new SentTokens();
      let text = '';
      const length = 1 + below(120);
      for (let i = 0; i < length; i += 1) {
        text += pieces[below(pieces.length)];
        // Counted at random moments, as renewals come.
        if (below(3) === 0) {
          sent.sent(text, text.length);
          expect(sent.tokens(), JSON.stringify(text)).to.equal(textTokens(text));
        }
      }
      sent.sent(text, text.length);
      expect(sent.tokens(), JSON.stringify(text)).to.equal(textTokens(text));
    }
  });

  it('counts only what was sent, not what is still held back', () => {
    const sent = new SentTokens();
    const text = 'The market opened early and every supplier quoted';
    sent.sent(text, 10);
    expect(sent.tokens()).to.equal(textTokens(text.slice(0, 10)));
    sent.sent(text, text.length);
    expect(sent.tokens()).to.equal(textTokens(text));
  });
});
