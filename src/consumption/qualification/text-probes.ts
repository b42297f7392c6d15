import { answerText, bareValue, expectValue, failed, passed, quoted } from './answers.js';
import type { ProbeRandom } from './probe-random.js';
import type { Probe } from './types.js';

/**
 * The text suite: instruction following (an exact number of lower-case words; one given word and nothing else) and
 * exact extraction (the value of one field of a generated record). Every value is fresh from the run's seed.
 */

const topics = ['rivers', 'markets', 'winter', 'bridges', 'music', 'gardens', 'trains', 'harbours', 'forests'];

function exactWords(random: ProbeRandom, index: number): Probe {
  const count = random.int(4, 9);
  const topic = random.pick(topics);
  return {
    id: `text.exact_words#${index}`,
    suite: 'text',
    request: {
      messages: [
        {
          role: 'user',
          content:
            `Write exactly ${count} words about ${topic}, all in lower case, separated by single spaces, ` +
            'with no punctuation. Reply with the words only.',
        },
      ],
      max_tokens: 64,
      temperature: 0,
    },
    check: async (answer) => {
      const text = answerText(answer);
      const words = text.split(/\s+/).filter((word) => word.length > 0);
      if (words.length !== count) return failed(`expected ${count} words, got ${words.length}: ${quoted(text)}`);
      const wrong = words.find((word) => !/^[a-z]+$/.test(word));
      return wrong === undefined
        ? passed(`${count} lower-case words`)
        : failed(`${quoted(wrong)} is not a lower-case word`);
    },
  };
}

function echoWord(random: ProbeRandom, index: number): Probe {
  const word = random.word(random.int(6, 9));
  return {
    id: `text.echo_word#${index}`,
    suite: 'text',
    request: {
      messages: [{ role: 'user', content: `Reply with the word ${word} and nothing else.` }],
      max_tokens: 16,
      temperature: 0,
    },
    check: async (answer) => expectValue('the word', bareValue(answerText(answer)), word),
  };
}

function extractField(random: ProbeRandom, index: number): Probe {
  const fields = random.sample(['owner', 'region', 'serial', 'colour', 'batch', 'grade', 'vendor', 'carrier'], 6);
  const record = fields.map((field): [string, string] => [
    field,
    random.int(0, 1) === 0 ? random.word(random.int(5, 8)) : String(random.int(1000, 99_999)),
  ]);
  const [field, value] = random.pick(record);
  const lines = record.map(([name, text]) => `${name}: ${text}`).join('\n');
  return {
    id: `text.extract_field#${index}`,
    suite: 'text',
    request: {
      messages: [
        {
          role: 'user',
          content: `Here is a record:\n${lines}\n\nWhat is the value of the field ${field}? Reply with the value only.`,
        },
      ],
      max_tokens: 16,
      temperature: 0,
    },
    check: async (answer) => expectValue(`the value of ${field}`, bareValue(answerText(answer)), value),
  };
}

export const textTemplates = [exactWords, echoWord, extractField];
