import { expect } from 'chai';
import { completionTokens, decodePieces, encodeText, promptTokens, textTokens } from '../../../src/consumption/tokens.js';

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
    expect(promptTokens([{ ...user, content: [{ type: 'text', text: 'hello' }, { type: 'text', text: ' world' }] }])).to.equal(base);
    expect(promptTokens([{ ...user, name: 'ada' }])).to.equal(base + 1 + textTokens('ada'));
    const tool = { type: 'function' as const, function: { name: 'f', parameters: { type: 'object' } } };
    expect(promptTokens([user], [tool])).to.equal(base + textTokens(JSON.stringify([tool])));
    const call = { id: 'call_1', type: 'function' as const, function: { name: 'f', arguments: '{"a":1}' } };
    expect(promptTokens([user, { role: 'assistant', content: null, tool_calls: [call] }])).to.equal(base + 3 + textTokens('assistant') + textTokens('f') + textTokens('{"a":1}'));
  });

  it('counts an answer as its text plus each tool call name and arguments', () => {
    expect(completionTokens({ content: 'hello world', tool_calls: null })).to.equal(2);
    expect(completionTokens({ content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] })).to.equal(textTokens('get_weather') + textTokens('{"city":"Oslo"}'));
  });
});
