import { expect } from 'chai';
import o200k from 'gpt-tokenizer/encoding/o200k_base';
import { heapMerge, longPieceChars, tokenBytesMax } from '../../../src/consumption/tokens/token-merge.js';
import { createTokenPool } from '../../../src/consumption/tokens/token-pool.js';
import {
  completionTokens,
  countPromptTokens,
  decodePieces,
  encodeText,
  inlineCharsMax,
  promptBounds,
  promptTokens,
  textTokens,
} from '../../../src/consumption/tokens/tokens.js';
import { Failure } from '../../../src/lib/failure.js';
import { consumptionFailures } from '../../../src/consumption/handlers/failures.js';

/** What the tests reach inside gpt-tokenizer: its own merge and its vocabulary. */
const library = (
  o200k as unknown as {
    bytePairEncodingCoreProcessor: {
      bytePairMerge(bytes: Uint8Array): number[];
      getBpeRankFromBytes(bytes: Uint8Array): number | undefined;
      bytePairRankDecoder: (string | number[] | undefined)[];
    };
  }
).bytePairEncodingCoreProcessor;

describe('suppliers: token counting', () => {
  it('counts text with the o200k tokenizer, special-token spellings as plain text', () => {
    const rows: { text: string; tokens: number }[] = [
      { text: '', tokens: 0 },
      { text: 'hello world', tokens: 2 },
      { text: '<|endoftext|>', tokens: 7 },
    ];
    for (const row of rows) expect(textTokens(row.text), JSON.stringify(row.text)).to.equal(row.tokens);
  });

  it('decodes token pieces back to the text without splitting a character', () => {
    const text = 'Prix du marché: 3 €, 日本語.';
    const pieces = decodePieces(encodeText(text));
    expect(pieces.join('')).to.equal(text);
    for (const piece of pieces) expect(piece).to.not.include('\uFFFD');
  });

  it('counts a prompt as chat framing plus content, names, tool calls and tool definitions', () => {
    const user = { role: 'user' as const, content: 'hello world' };
    const base = promptTokens([user]);
    expect(base).to.equal(3 + 3 + textTokens('user') + 2);
    expect(
      promptTokens([
        {
          ...user,
          content: [
            { type: 'text', text: 'hello' },
            { type: 'text', text: ' world' },
          ],
        },
      ]),
    ).to.equal(base);
    expect(promptTokens([{ ...user, name: 'ada' }])).to.equal(base + 1 + textTokens('ada'));
    const tool = { type: 'function' as const, function: { name: 'f', parameters: { type: 'object' } } };
    expect(promptTokens([user], [tool])).to.equal(base + textTokens(JSON.stringify([tool])));
    const call = { id: 'call_1', type: 'function' as const, function: { name: 'f', arguments: '{"a":1}' } };
    expect(promptTokens([user, { role: 'assistant', content: null, tool_calls: [call] }])).to.equal(
      base + 3 + textTokens('assistant') + textTokens('f') + textTokens('{"a":1}'),
    );
  });

  it('counts an answer as its text plus each tool call name and arguments', () => {
    expect(completionTokens({ content: 'hello world', tool_calls: null })).to.equal(2);
    expect(
      completionTokens({
        content: null,
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }],
      }),
    ).to.equal(textTokens('get_weather') + textTokens('{"city":"Oslo"}'));
  });

  it("merges long pieces in O(n log n) into exactly the tokens of the library's own merge", () => {
    const alphabets = [
      'a',
      'ab',
      'a ',
      ' ',
      'abcdefghijklmnop',
      'thequickbrownfox',
      '中文字',
      '日本語のテキスト',
      'éàüß',
      'ab1-=',
      '\u{1F600}a',
      'Aa',
    ];
    let state = 7;
    const next = (n: number) => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) % n;
    const utf8 = new TextEncoder();
    const rankOf = (bytes: Uint8Array) => library.getBpeRankFromBytes(bytes);
    for (let i = 0; i < 2_000; i += 1) {
      const letters = [...alphabets[i % alphabets.length]!];
      let piece = '';
      for (let k = 0, length = 1 + next(400); k < length; k += 1) piece += letters[next(letters.length)];
      const bytes = utf8.encode(piece);
      expect(heapMerge(bytes, rankOf), JSON.stringify(piece)).to.deep.equal(library.bytePairMerge(bytes));
    }
    // Pieces past longPieceChars take the heap merge in every count.
    expect(textTokens('a'.repeat(longPieceChars + 1))).to.equal(
      library.bytePairMerge(utf8.encode('a'.repeat(longPieceChars + 1))).length,
    );
    expect(textTokens('a'.repeat(1_000_000))).to.equal(125_000);
  });

  it('knows the longest token of the vocabulary, which makes the lower bound of a count', () => {
    const longest = library.bytePairRankDecoder.reduce(
      (most: number, token) =>
        Math.max(most, typeof token === 'string' ? Buffer.byteLength(token) : (token?.length ?? 0)),
      0,
    );
    expect(tokenBytesMax).to.equal(longest);
  });

  it("bounds a prompt's count from its UTF-8 length without counting it", () => {
    const tool = { type: 'function' as const, function: { name: 'f', parameters: { type: 'object' } } };
    const rows: {
      name: string;
      messages: Parameters<typeof promptTokens>[0];
      tools?: Parameters<typeof promptTokens>[1];
    }[] = [
      { name: 'prose', messages: [{ role: 'user', content: 'The market clears at the best ask. '.repeat(50) }] },
      { name: 'spaces', messages: [{ role: 'user', content: ' '.repeat(10_000) }] },
      { name: 'CJK', messages: [{ role: 'user', content: '中文字日本語'.repeat(300) }] },
      { name: 'emoji', messages: [{ role: 'user', content: '\u{1F600}'.repeat(500) }] },
      {
        name: 'names, tool calls and tools',
        messages: [
          { role: 'user', name: 'ada', content: 'hi' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
          },
        ],
        tools: [tool],
      },
      { name: 'empty content', messages: [{ role: 'user', content: '' }] },
    ];
    for (const row of rows) {
      const exact = promptTokens(row.messages, row.tools);
      const bounds = promptBounds(row.messages, row.tools);
      expect(bounds.tokensMin, row.name).to.be.at.most(exact);
      expect(bounds.tokensMax, row.name).to.be.at.least(exact);
    }
    expect(promptBounds([{ role: 'user', content: ' '.repeat(10_000) }])).to.deep.equal({
      bytes: 10_004,
      tokensMin: 3 + 3 + 1 + Math.ceil(10_000 / 128),
      tokensMax: 3 + 3 + 10_004,
    });
  });

  it('counts the same inline and on the pool', async () => {
    for (const chars of [10, inlineCharsMax, inlineCharsMax + 1, 300_000]) {
      const messages = [
        {
          role: 'user' as const,
          content: 'Tokens are counted the same everywhere. '.repeat(chars / 40 + 1).slice(0, chars),
        },
      ];
      expect(await countPromptTokens(messages), String(chars)).to.equal(promptTokens(messages));
    }
  });

  it('refuses work past its queue bound with 503, and rejects what waits when closed', async () => {
    const pool = createTokenPool({ workers: 1, idleMs: 60_000, queuedCharsMax: 500_000 });
    try {
      const text = 'The pool counts this. '.repeat(15_000);
      const running = pool.count([text]);
      const waiting = pool.count([text]);
      const refused = await pool.count([text]).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).to.be.instanceOf(Failure);
      expect(refused).to.include({ code: 'counting_queue_full' });
      expect(consumptionFailures.counting_queue_full).to.deep.equal({ status: 503, error: 'service_unavailable' });
      expect(await running).to.equal(textTokens(text));
      expect(await waiting).to.equal(textTokens(text));
      const cut = [pool.count([text]), pool.count([text])].map((job) =>
        job.then(
          () => 'answered',
          (error: Error) => error.message,
        ),
      );
      await pool.close();
      const [inWork, queued] = await Promise.all(cut);
      // The job in work may just have been answered when the worker was stopped.
      expect(inWork).to.be.oneOf(['the token worker exited', 'answered']);
      expect(queued).to.equal('the token pool is closed');
    } finally {
      await pool.close();
    }
  });

  it('stops idle workers and starts fresh ones for later work', async () => {
    const pool = createTokenPool({ workers: 1, idleMs: 1, queuedCharsMax: 1_000_000 });
    try {
      for (let round = 0; round < 3; round += 1) {
        expect(await pool.count(['counted after the worker went idle'])).to.equal(
          textTokens('counted after the worker went idle'),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await pool.close();
    }
  });
});
