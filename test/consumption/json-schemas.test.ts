import { expect } from 'chai';
import {
  fitsSchema,
  newJsonSchemas,
  schemaCharsMax,
  schemaProblemOf,
} from '../../src/consumption/inference/json-schemas.js';

/**
 * The caller-schema checks of src/consumption/inference/json-schemas.ts as a table (issue 11, item 9): what
 * is refused on admission and why, and what the receipt's fit check does and refuses to do (run
 * a caller's regular expression, compile past its budget).
 */
describe('consumption: caller JSON Schemas', () => {
  const problems: { name: string; schema: unknown; problem: RegExp | null }[] = [
    {
      name: 'an object schema',
      schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      problem: null,
    },
    { name: 'the empty schema', schema: {}, problem: null },
    {
      name: 'a draft-07 schema',
      schema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        definitions: { a: { type: 'string' } },
        items: [{ $ref: '#/definitions/a' }],
      },
      problem: null,
    },
    {
      name: 'an $id resource referred to by its id',
      schema: {
        $defs: { a: { $id: 'https://example.com/a', type: 'string' } },
        properties: { x: { $ref: 'https://example.com/a' } },
      },
      problem: null,
    },
    { name: 'a valid pattern', schema: { type: 'string', pattern: '^[a-z]+(-[a-z]+)*$' }, problem: null },
    { name: 'not an object', schema: ['string'], problem: /must be a JSON Schema object/ },
    {
      name: 'an unknown type',
      schema: { type: 'nonsense' },
      problem: /not a valid JSON Schema: at \/type: must be equal to one of the allowed values/,
    },
    {
      name: 'required not a list',
      schema: { type: 'object', required: 'a' },
      problem: /not a valid JSON Schema: at \/required/,
    },
    {
      name: 'a pattern that is no regular expression',
      schema: { type: 'string', pattern: '(' },
      problem: /"\(" is not a regular expression/,
    },
    {
      name: 'an unsupported $schema',
      schema: { $schema: 'http://json-schema.org/draft-04/schema#' },
      problem: /\$schema .* is neither draft 2020-12 nor draft-07/,
    },
    {
      name: 'a reference to another document',
      schema: { $ref: 'https://example.com/schema.json' },
      problem: /not self-contained/,
    },
    {
      name: 'a reference to a missing definition',
      schema: { properties: { a: { $ref: '#/$defs/nothing' } } },
      problem: /not self-contained/,
    },
    {
      name: 'a reference to a missing anchor',
      schema: { properties: { a: { $ref: '#nothing' } } },
      problem: /not self-contained/,
    },
    { name: '{"not": {}}', schema: { not: {} }, problem: /admits no value/ },
    { name: '{"not": {"description": …}}', schema: { not: { description: 'anything' } }, problem: /admits no value/ },
    { name: 'an allOf with false', schema: { allOf: [{ type: 'string' }, false] }, problem: /admits no value/ },
    {
      name: 'an anyOf of impossible members',
      schema: { anyOf: [{ enum: [] }, { not: true }] },
      problem: /admits no value/,
    },
    {
      name: 'a required property that is false',
      schema: { type: 'object', properties: { a: false }, required: ['a'] },
      problem: /admits no value/,
    },
    { name: 'minimum above maximum', schema: { type: 'integer', minimum: 3, maximum: 2 }, problem: /admits no value/ },
    {
      name: 'a string longer than any answer (accepted, billed when missed)',
      schema: { type: 'string', minLength: 100_000 },
      problem: null,
    },
    {
      name: 'nesting 10,000 deep',
      schema: Array.from({ length: 10_000 }).reduce<object>((inner) => ({ items: inner }), {}),
      problem: /nested too deeply/,
    },
    { name: 'over the size limit', schema: { description: 'x'.repeat(schemaCharsMax) }, problem: /too large/ },
  ];
  for (const row of problems) {
    it(`${row.name}: ${row.problem === null ? 'usable' : 'refused'}`, () => {
      const problem = schemaProblemOf(newJsonSchemas(), row.schema);
      if (row.problem === null) expect(problem).to.equal(null);
      else expect(problem).to.match(row.problem);
    });
  }

  const price = { type: 'object', properties: { price: { type: 'number' } }, required: ['price'] };
  const fits = [
    { name: 'JSON that fits', schema: price, content: '{"price": 1.5}', fits: true },
    { name: 'JSON that misses', schema: price, content: '{"price": "1.5"}', fits: false },
    { name: 'text that is not JSON', schema: price, content: 'The price is 1.5', fits: false },
    { name: 'no schema, JSON', schema: undefined, content: '[1]', fits: true },
    {
      name: 'a draft-07 tuple',
      schema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        items: [{ type: 'string' }],
        additionalItems: false,
      },
      content: '["a", "b"]',
      fits: false,
    },
    // ^(a+)+$ takes exponential time on this answer if run: the fit check never runs a caller's pattern.
    {
      name: 'a pattern, unchecked',
      schema: { type: 'string', pattern: '^(a+)+$' },
      content: JSON.stringify(`${'a'.repeat(60)}!`),
      fits: true,
    },
    {
      name: 'a schema over 4,096 characters, checked for JSON only',
      schema: { ...price, description: 'x'.repeat(5000) },
      content: '{"price": "x"}',
      fits: true,
    },
  ];
  for (const row of fits) {
    it(`fit check, ${row.name}: ${row.fits}`, () => {
      expect(fitsSchema(newJsonSchemas(), row.schema, row.content)).to.equal(row.fits);
    });
  }

  it('compiles within a budget of time: past it an answer is checked for JSON only, until the budget refills', () => {
    let nowMs = 0;
    // Every read of the clock moves it 50 ms on, so every compile costs 50 ms of budget.
    const schemas = newJsonSchemas(() => (nowMs += 50));
    const distinct = (i: number) => ({ ...price, title: `schema ${i}` });
    const checked = Array.from({ length: 8 }, (_, i) => fitsSchema(schemas, distinct(i), '{"price": "x"}'));
    expect(checked.slice(0, 4)).to.deep.equal([false, false, false, false]);
    expect(checked.at(-1)).to.equal(true);
    nowMs += 60_000;
    expect(fitsSchema(schemas, distinct(7), '{"price": "x"}')).to.equal(false);
  });
});
