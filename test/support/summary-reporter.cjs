// Mocha's spec reporter, plus a closing line CI reads ("N passed, N failed") and the same counts in
// .ci/results.json, so .ci/run can add its own checks to the total.
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

const { EVENT_RUN_END, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_HOOK_END } = Mocha.Runner.constants;

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    let passed = 0;
    let failed = 0;
    runner.on(EVENT_TEST_PASS, () => (passed += 1));
    // A failed hook fails the tests it guards; mocha reports it as one failure.
    runner.on(EVENT_TEST_FAIL, () => (failed += 1));
    runner.once(EVENT_RUN_END, () => {
      const file = path.join(process.cwd(), '.ci', 'results.json');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ passed, failed }) + '\n');
      process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
    });
  }
}

module.exports = SummaryReporter;
