import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

/**
 * Rules of the code a compiler does not check (the data-core issue): time, randomness and ids come
 * from src/lib/ only, so everything else can be given them as arguments; no `any`; and SQL lives in
 * src/db/ only. Which layer may import which is dependency-cruiser's to say (.dependency-cruiser.cjs,
 * `npm run lint:layers`), from the compiler's own reading of the imports rather than regexes.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const sourceRoot = join(root, 'src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = sourceFiles(sourceRoot).map((path) => ({ name: relative(root, path), text: readFileSync(path, 'utf8') }));

/** The code without its comments, so that prose ("as any other …") is not code. */
const codeOf = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const offending = (pattern: RegExp, where: (name: string) => boolean): string[] =>
  files.filter((f) => where(f.name) && pattern.test(codeOf(f.text))).map((f) => f.name);

/** Building or running SQL: knex table calls (`db('orders')`, `trx<Row>('users')`), raw SQL, or SQL text. */
const sqlPattern =
  /\b(db|trx|knex|savepoint|query)(<[^>]*>)?\(\s*['"]|\.trx(<[^>]*>)?\(\s*['"]|\.raw\(|\.batchInsert\(|\.forUpdate\(|['"`]\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH) [a-z_]/;

describe('tidy: rules of the source a compiler does not check', () => {
  it('takes time, randomness and ids from src/lib/ only', () => {
    expect(
      offending(/\bDate\.now\(|\bMath\.random\(|\brandomUUID\(/, (name) => !name.startsWith('src/lib/')),
    ).to.deep.equal([]);
  });

  it('has no `any`', () => {
    expect(offending(/:\s*any\s*[;,)=>\]|]|\bas any\b|<any>|\bany\[\]/, () => true)).to.deep.equal([]);
  });

  it('holds SQL in src/db/ only', () => {
    expect(offending(sqlPattern, (name) => !name.startsWith('src/db/'))).to.deep.equal([]);
  });

  it('lets nothing outside src/db/ ask which database it runs on', () => {
    expect(offending(/\bkindOf\(|\bdatabaseKind\(/, (name) => !name.startsWith('src/db/'))).to.deep.equal([]);
  });

  it('writes the core, the platform API, the dashboard, the command, trading and consumption as exported functions, not service factories', () => {
    const converted = ['src/core/', 'src/platform/', 'src/web/', 'src/cli/', 'src/trading/', 'src/consumption/'];
    const factory =
      /\bexport (async )?function create\w*(Service|Throttles|Queries|Limiter|Supplier)\b|\bexport const create\w*Service\b/;
    expect(offending(factory, (name) => converted.some((directory) => name.startsWith(directory)))).to.deep.equal([]);
    for (const sample of [
      'export function createKeysService(db: Db, clock: Clock): KeysService {',
      'export function createOrderQueries(db: Db): OrderQueries {',
      'export function createRateLimiter(db: Db) {',
      'export function createHouseSupplier({ db }: HouseSupplierDeps) {',
      'export function createOrdersService(db: Db, reference: ReferenceService) {',
    ]) {
      expect(factory.test(sample), `the detector is not blind: ${sample}`).to.equal(true);
    }
    expect(
      factory.test('export async function createTransfer(deps: { db: Db; clock: Clock }, userId: string'),
      'a function that creates a row is no factory',
    ).to.equal(false);
  });

  it('recognises SQL when it sees it (the detector is not blind)', () => {
    for (const sample of [
      "await db('orders').where('id', id)",
      "trx<UserRow>('users').first()",
      "db.raw('select 1')",
      'const text = `SELECT id FROM orders`',
    ]) {
      expect(sqlPattern.test(sample), sample).to.equal(true);
    }
    for (const sample of [
      "createHash('sha256').update(bytes)",
      "headers.update('x')",
      '// SELECT nothing: a comment'.replace(/^\/\/.*$/, ''),
    ]) {
      expect(sqlPattern.test(sample), sample).to.equal(false);
    }
  });
});
