import { answerText, bareValue, codeOf, expectValue, failed, passed } from './answers.js';
import type { ProbeRandom } from './probe-random.js';
import { runInSandbox, type SandboxLimits } from './sandbox.js';
import type { Probe, ProbeVerdict } from './types.js';

/**
 * The code suite: reading code (what a generated function returns for an input, checked exactly) and writing it (a
 * function the supplier writes, run in the sandbox against cases it was not shown).
 */

/** A function to read: its source under a fresh name and constants, and what it returns, computed here. */
interface ReadingTask {
  source(name: string): string;
  input: string;
  expected: string;
}

function countingLoop(random: ProbeRandom): ReadingTask {
  const [start, step, penalty, x] = [random.int(1, 40), random.int(2, 5), random.int(1, 9), random.int(6, 30)];
  let total = start;
  for (let i = 1; i <= x; i++) total += i % step === 0 ? i : -penalty;
  return {
    source: (name) =>
      `function ${name}(x) {\n  let total = ${start};\n  for (let i = 1; i <= x; i++) {\n` +
      `    if (i % ${step} === 0) total += i;\n    else total -= ${penalty};\n  }\n  return total;\n}`,
    input: String(x),
    expected: String(total),
  };
}

function stringWalk(random: ProbeRandom): ReadingTask {
  const word = random.word(random.int(6, 10));
  const marked = random.pick(['a', 'e', 'i', 'o', 'u']);
  const expected = [...word]
    .map((ch) => (ch === marked ? ch.toUpperCase() : ch))
    .reverse()
    .join('');
  return {
    source: (name) =>
      `function ${name}(s) {\n  let out = '';\n  for (const ch of s) out = (ch === '${marked}' ? ch.toUpperCase() : ch) + out;\n` +
      `  return out;\n}`,
    input: `'${word}'`,
    expected,
  };
}

function readFunction(random: ProbeRandom, index: number): Probe {
  const task = random.pick([countingLoop, stringWalk])(random);
  const name = random.word(7);
  return {
    id: `code.read_function#${index}`,
    suite: 'code',
    request: {
      messages: [
        {
          role: 'user',
          content:
            `What does ${name}(${task.input}) return?\n\n\`\`\`js\n${task.source(name)}\n\`\`\`\n\n` +
            'Reply with the returned value only, without quotes.',
        },
      ],
      max_tokens: 32,
      temperature: 0,
    },
    check: async (answer) => expectValue('the returned value', bareValue(answerText(answer)), task.expected),
  };
}

/** A function to write: what it must do, one example, and hidden cases with their expected values. */
interface WritingTask {
  parameters: string;
  description: string;
  cases: { args: unknown[]; expected: unknown }[];
}

function digitSum(random: ProbeRandom): WritingTask {
  const inputs = Array.from({ length: 5 }, () => random.int(0, 9_999_999));
  const sum = (n: number): number => [...String(n)].reduce((total, digit) => total + Number(digit), 0);
  return {
    parameters: 'n',
    description: 'returns the sum of the decimal digits of the non-negative integer n',
    cases: inputs.map((n) => ({ args: [n], expected: sum(n) })),
  };
}

function characterCount(random: ProbeRandom): WritingTask {
  const inputs = Array.from({ length: 5 }, () => random.word(random.int(8, 16)));
  return {
    parameters: 's, c',
    description: 'returns how many times the one-character string c occurs in the string s',
    cases: inputs.map((s) => {
      const c = random.pick([...s]);
      return { args: [s, c], expected: [...s].filter((ch) => ch === c).length };
    }),
  };
}

function shiftedSequence(random: ProbeRandom): WritingTask {
  const [first, second] = [random.int(1, 9), random.int(1, 9)];
  const term = (n: number): number => {
    let [a, b] = [first, second];
    for (let i = 0; i < n; i++) [a, b] = [b, a + b];
    return a;
  };
  return {
    parameters: 'n',
    description: `returns t(n) for the sequence t(0) = ${first}, t(1) = ${second}, t(n) = t(n - 1) + t(n - 2)`,
    cases: Array.from({ length: 5 }, () => random.int(0, 30)).map((n) => ({ args: [n], expected: term(n) })),
  };
}

function writeFunction(random: ProbeRandom, index: number, limits: SandboxLimits): Probe {
  const task = random.pick([digitSum, characterCount, shiftedSequence])(random);
  const name = random.word(7);
  const example = task.cases[0];
  const shown = example
    ? ` For example, ${name}(${example.args.map((a) => JSON.stringify(a)).join(', ')}) returns ${JSON.stringify(example.expected)}.`
    : '';
  return {
    id: `code.write_function#${index}`,
    suite: 'code',
    request: {
      messages: [
        {
          role: 'user',
          content:
            `Write a JavaScript function named ${name}(${task.parameters}) that ${task.description}.${shown} ` +
            'Use no imports. Reply with the code only, in one ```js block.',
        },
      ],
      max_tokens: 400,
      temperature: 0,
    },
    check: (answer) => runCases(codeOf(answerText(answer)), name, task, limits),
  };
}

async function runCases(code: string, name: string, task: WritingTask, limits: SandboxLimits): Promise<ProbeVerdict> {
  const outcome = await runInSandbox(
    code,
    name,
    task.cases.map((c) => c.args),
    limits,
  );
  if (outcome.kind !== 'ran')
    return failed(`the code ${outcome.kind === 'timeout' ? 'ran out of time' : 'failed'}: ${outcome.detail}`);
  for (const [index, result] of outcome.results.entries()) {
    const expected = JSON.stringify(task.cases[index]?.expected);
    if (result.value !== expected) {
      return failed(`case ${index + 1}: expected ${expected}, got ${result.value ?? `an error (${result.error})`}`);
    }
  }
  return passed(`${task.cases.length} cases`);
}

export const codeTemplates = (limits: SandboxLimits) => [
  readFunction,
  (random: ProbeRandom, index: number) => writeFunction(random, index, limits),
];
