import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the OpenAPI documents', function () {
  this.timeout(60_000);

  it('lint clean with @redocly/cli (recommended-strict: any warning fails)', async () => {
    const redocly = `${root}/node_modules/.bin/redocly`;
    const result = await promisify(execFile)(redocly, ['lint', '--format', 'stylish'], { cwd: root }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );
    expect(result.code, result.output).to.equal(0);
    expect(result.output).not.to.match(/You have \d+ warnings?/);
  });
});
