import { Ajv2020 } from 'ajv/dist/2020.js';
import { isDeepStrictEqual } from 'node:util';
import { answerText, codeOf, failed, passed, quoted } from './answers.js';
import type { ProbeRandom } from './probe-random.js';
import type { Probe } from './types.js';

/**
 * The agent suite: choosing the one right tool among several, with the right arguments, and an answer that fits a
 * given JSON schema with the asked values in it.
 */

type ToolDefinition = {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
};

/** A tool the prompt may need, and the question (with fresh values) whose answer needs it. */
interface ToolTask {
  tool: ToolDefinition;
  ask(random: ProbeRandom): { question: string; arguments: Record<string, unknown> };
}

const stringProperty = { type: 'string' } as const;
const integerProperty = { type: 'integer' } as const;

function toolOf(name: string, description: string, properties: Record<string, object>): ToolDefinition {
  const parameters = { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
  return { type: 'function', function: { name, description, parameters } };
}

const toolTasks: ToolTask[] = [
  {
    tool: toolOf('get_weather', 'The current weather in a city.', { city: stringProperty }),
    ask: (random) => {
      const city = capitalised(random.word(6));
      return { question: `What is the weather in ${city} right now?`, arguments: { city } };
    },
  },
  {
    tool: toolOf('lookup_order', 'The status of an order, by its number.', { order_number: integerProperty }),
    ask: (random) => {
      const number = random.int(10_000, 999_999);
      return { question: `Where is my order number ${number}?`, arguments: { order_number: number } };
    },
  },
  {
    tool: toolOf('convert_currency', 'Converts an amount of money from one currency to another.', {
      amount: integerProperty,
      from: stringProperty,
      to: stringProperty,
    }),
    ask: (random) => {
      const [from, to] = random.sample(['USD', 'EUR', 'JPY', 'GBP', 'CHF', 'NOK'], 2);
      const amount = random.int(2, 9_000);
      return { question: `How much is ${amount} ${from} in ${to}?`, arguments: { amount, from, to } };
    },
  },
  {
    tool: toolOf('set_reminder', 'Sets a reminder with a text, a number of minutes from now.', {
      text: stringProperty,
      minutes: integerProperty,
    }),
    ask: (random) => {
      const text = `call ${capitalised(random.word(5))}`;
      const minutes = random.int(2, 240);
      return { question: `Remind me to ${text} in ${minutes} minutes.`, arguments: { text, minutes } };
    },
  },
];

const capitalised = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

function chooseTool(random: ProbeRandom, index: number): Probe {
  const offered = random.sample(toolTasks, 3);
  const task = random.pick(offered);
  const { question, arguments: expected } = task.ask(random);
  const name = task.tool.function.name;
  return {
    id: `agent.choose_tool#${index}`,
    suite: 'agent',
    request: {
      messages: [{ role: 'user', content: question }],
      tools: offered.map((t) => t.tool),
      tool_choice: 'required',
      max_tokens: 200,
      temperature: 0,
    },
    check: async (answer) => {
      const call = answer.choices[0]?.message.tool_calls?.[0];
      if (!call) return failed(`expected a call of ${name}, got text ${quoted(answerText(answer))}`);
      if (call.function.name !== name) return failed(`expected a call of ${name}, got ${quoted(call.function.name)}`);
      const got = parsed(call.function.arguments);
      if (!isDeepStrictEqual(got, expected))
        return failed(
          `expected ${name}(${JSON.stringify(expected)}), got arguments ${quoted(call.function.arguments)}`,
        );
      return passed(`${name}(${JSON.stringify(expected)})`);
    },
  };
}

const schemas = new Ajv2020({ strict: false, logger: false, allErrors: false });

function fitSchema(random: ProbeRandom, index: number): Probe {
  const [nameKey = 'label', countKey = 'count', tagsKey = 'tags'] = random.sample(
    ['label', 'title', 'count', 'total', 'tags', 'labels', 'size'],
    3,
  );
  const schema = {
    type: 'object',
    properties: {
      [nameKey]: { type: 'string' },
      [countKey]: { type: 'integer' },
      [tagsKey]: { type: 'array', items: { type: 'string' } },
    },
    required: [nameKey, countKey, tagsKey],
    additionalProperties: false,
  };
  const [name, count, tags] = [random.word(6), random.int(1, 999), [random.word(4), random.word(5)]];
  const expected = { [nameKey]: name, [countKey]: count, [tagsKey]: tags };
  const validate = schemas.compile(schema);
  return {
    id: `agent.fit_schema#${index}`,
    suite: 'agent',
    request: {
      messages: [
        {
          role: 'user',
          content:
            `Return a JSON object with ${nameKey} set to "${name}", ${countKey} set to ${count}, ` +
            `and ${tagsKey} set to the list "${tags.join('", "')}". Reply with the JSON only.`,
        },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'record', strict: true, schema } },
      max_tokens: 120,
      temperature: 0,
    },
    check: async (answer) => {
      const text = answerText(answer);
      const value = parsed(codeOf(text));
      if (!validate(value)) return failed(`the answer does not fit the schema: ${quoted(text)}`);
      if (!isDeepStrictEqual(value, expected))
        return failed(`expected ${JSON.stringify(expected)}, got ${quoted(text)}`);
      return passed('fits the schema with the asked values');
    },
  };
}

/** The JSON value of a text; a marker that equals nothing a check expects when the text is not JSON. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return Symbol('not JSON');
  }
}

export const agentTemplates = [chooseTool, fitSchema];
