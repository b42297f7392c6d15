// Mocha's spec reporter, plus a closing line CI reads ("N passed, N failed") and the same counts in
// .ci/results.json, so .ci/run can add its own checks to the total. The time each file's tests took
// goes to .ci/durations.json, slowest first: where to look when the suites grow slow.
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

const { EVENT_RUN_END, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_HOOK_END } = Mocha.Runner.constants;

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    let passed = 0;
    let failed = 0;
    const msByFile = new Map();
    const timed = (runnable) => {
      const file = path.relative(process.cwd(), runnable.file ?? runnable.parent?.file ?? '(hooks outside a file)');
      msByFile.set(file, (msByFile.get(file) ?? 0) + (runnable.duration ?? 0));
    };
    runner.on(EVENT_TEST_PASS, (test) => {
      passed += 1;
      timed(test);
    });
    // A failed hook fails the tests it guards; mocha reports it as one failure.
    runner.on(EVENT_TEST_FAIL, (test) => {
      failed += 1;
      timed(test);
    });
    runner.on(EVENT_HOOK_END, timed);
    runner.once(EVENT_RUN_END, () => {
      const directory = path.join(process.cwd(), '.ci');
      fs.mkdirSync(directory, { recursive: true });
      fs.writeFileSync(path.join(directory, 'results.json'), JSON.stringify({ passed, failed }) + '\n');
      const durations = Object.fromEntries(
        [...msByFile].sort((a, b) => b[1] - a[1]).map(([f, ms]) => [f, Math.round(ms)]),
      );
      fs.writeFileSync(path.join(directory, 'durations.json'), JSON.stringify(durations, null, 1) + '\n');
      process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
    });
  }
}

module.exports = SummaryReporter;
