import { runInNewContext } from 'node:vm';

/**
 * What a capable model answers to the qualification's probe templates (src/consumption/qualification/), found by
 * reading the prompts, as a model would: the "good" upstream of the tests (scripted-upstream.ts). Nothing here knows
 * a run's seed, so it passes only by answering what each prompt asks.
 */

export interface SolvedAnswer {
  content: string;
  toolCall?: { name: string; arguments: string };
}

interface ProbeQuestion {
  prompt: string;
  offersTools: boolean;
  maxTokens: number;
}

type Solver = (question: ProbeQuestion) => SolvedAnswer | null;

const text = (content: string): SolvedAnswer => ({ content });

const toolCall = (name: string, args: Record<string, unknown>): SolvedAnswer => ({
  content: '',
  toolCall: { name, arguments: JSON.stringify(args) },
});

function solveTool({ prompt, offersTools }: ProbeQuestion): SolvedAnswer | null {
  if (!offersTools) return null;
  const weather = /weather in (\w+)/.exec(prompt);
  if (weather) return toolCall('get_weather', { city: weather[1] });
  const order = /order number (\d+)/.exec(prompt);
  if (order) return toolCall('lookup_order', { order_number: Number(order[1]) });
  const money = /How much is (\d+) (\w+) in (\w+)\?/.exec(prompt);
  if (money) return toolCall('convert_currency', { amount: Number(money[1]), from: money[2], to: money[3] });
  const reminder = /Remind me to (.+) in (\d+) minutes/.exec(prompt);
  if (reminder) return toolCall('set_reminder', { text: reminder[1], minutes: Number(reminder[2]) });
  return null;
}

const solveWord: Solver = ({ prompt }) => {
  const echo = /Reply with the word (\w+) and nothing else/.exec(prompt);
  if (echo?.[1]) return text(echo[1]);
  const exact = /Write exactly (\d+) words about (\w+)/.exec(prompt);
  if (exact?.[2]) return text(Array.from({ length: Number(exact[1]) }, () => exact[2]).join(' '));
  return null;
};

const solveRecord: Solver = ({ prompt }) => {
  const asked = /Here is a record:\n([\s\S]*?)\n\nWhat is the value of the field (\w+)\?/.exec(prompt);
  if (!asked?.[1]) return null;
  const line = asked[1].split('\n').find((entry) => entry.startsWith(`${asked[2]}: `));
  return text(line?.slice(`${asked[2]}: `.length) ?? '');
};

const solveReading: Solver = ({ prompt }) => {
  const asked = /What does (\w+)\((.*?)\) return\?\n\n```js\n([\s\S]*?)\n```/.exec(prompt);
  if (!asked) return null;
  return text(String(runInNewContext(`${asked[3]}\n${asked[1]}(${asked[2]})`, {}, { timeout: 1000 })));
};

const solveWriting: Solver = ({ prompt }) => {
  const asked = /Write a JavaScript function named (\w+)\((.*?)\) that (.+?)\. (For example|Use no)/.exec(prompt);
  if (!asked) return null;
  const [name, description] = [asked[1], asked[3] ?? ''];
  const sequence = /t\(0\) = (\d+), t\(1\) = (\d+)/.exec(description);
  let body: string;
  if (description.includes('sum of the decimal digits'))
    body = `(n) {\n  return String(n).split('').reduce((total, digit) => total + Number(digit), 0);\n}`;
  else if (description.includes('how many times'))
    body = `(s, c) {\n  return s.split('').filter((ch) => ch === c).length;\n}`;
  else if (sequence)
    body = `(n) {\n  let a = ${sequence[1]}, b = ${sequence[2]};\n  for (let i = 0; i < n; i++) [a, b] = [b, a + b];\n  return a;\n}`;
  else return null;
  return text(`Here it is:\n\n\`\`\`js\nfunction ${name}${body}\n\`\`\``);
};

const solveJson: Solver = ({ prompt }) => {
  const asked = /JSON object with (\w+) set to "(\w+)", (\w+) set to (\d+), and (\w+) set to the list "(.+)"\./.exec(
    prompt,
  );
  if (!asked?.[1] || !asked[3] || !asked[5] || !asked[6]) return null;
  const value = { [asked[1]]: asked[2], [asked[3]]: Number(asked[4]), [asked[5]]: asked[6].split('", "') };
  return text(JSON.stringify(value));
};

const solvePerformance: Solver = ({ prompt, maxTokens }) => {
  const counting = /Count from (\d+) upward/.exec(prompt);
  if (counting) {
    const from = Number(counting[1]);
    return text(Array.from({ length: maxTokens + 1 }, (_, index) => String(from + index)).join('\n'));
  }
  const hello = /Say hello to (\w+)/.exec(prompt);
  if (hello) return text(`Hello, ${hello[1]}!`);
  if (prompt.includes('What is the pass phrase?'))
    return text(/The pass phrase is ([\w-]+)\./.exec(prompt)?.[1] ?? 'not found');
  return null;
};

const solvers: Solver[] = [solveTool, solveWord, solveRecord, solveReading, solveWriting, solveJson, solvePerformance];

export function solveProbe(question: ProbeQuestion): SolvedAnswer {
  for (const solver of solvers) {
    const answer = solver(question);
    if (answer) return answer;
  }
  return text('I cannot tell.');
}
