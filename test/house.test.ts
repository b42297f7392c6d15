import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import ts from 'typescript';

/**
 * The house's size rules (issue 34 §5), counted on the syntax tree as the lines stand (blank lines and comments
 * included, unlike eslint's max-lines-per-function): no file over 400 lines, no function over 60, and type casts
 * (`as T`, `<T>x`; `as const` is no cast) kept under a ceiling that only goes down. A cast tells the compiler to stop
 * checking; each one left is a place where a type guard, a generic or a typed parser could check instead.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

/** The ceiling on casts in src/: lower it when you remove some, never raise it. */
const castsMax = 93;
const fileLinesMax = 400;
const functionLinesMax = 60;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

interface Measured {
  casts: string[];
  longFunctions: string[];
  longFiles: string[];
}

const isFunction = (node: ts.Node): boolean =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

const isConstAssertion = (type: ts.TypeNode): boolean =>
  ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';

function measure(name: string, text: string, into: Measured): void {
  const lineCount = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lineCount > fileLinesMax) into.longFiles.push(`${name} (${lineCount} lines)`);
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const lineOf = (position: number): number => source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node: ts.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConstAssertion(node.type))
      into.casts.push(`${name}:${lineOf(node.getStart(source))}`);
    if (isFunction(node) && !name.startsWith('src/db/migrations/')) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      if (lines > functionLinesMax)
        into.longFunctions.push(`${name}:${lineOf(node.getStart(source))} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

function measureSources(): Measured {
  const measured: Measured = { casts: [], longFunctions: [], longFiles: [] };
  for (const path of sourceFiles(join(root, 'src')))
    measure(relative(root, path), readFileSync(path, 'utf8'), measured);
  return measured;
}

describe('house: sizes and casts in src/', () => {
  const measured = measureSources();

  it(`has no file over ${fileLinesMax} lines`, () => {
    expect(measured.longFiles).to.deep.equal([]);
  });

  it(`has no function over ${functionLinesMax} lines, counted as the lines stand`, () => {
    expect(measured.longFunctions).to.deep.equal([]);
  });

  it(`has at most ${castsMax} type casts (as const aside)`, () => {
    expect(measured.casts.length, measured.casts.join('\n')).to.be.at.most(castsMax);
  });

  it('counts what it is meant to (the detectors are not blind)', () => {
    const probe: Measured = { casts: [], longFunctions: [], longFiles: [] };
    const longBody = Array.from({ length: functionLinesMax }, (_, i) => `  const v${i} = ${i};`).join('\n');
    measure(
      'src/probe.ts',
      `const a = b as string;\nconst c = <number>d;\nconst e = [1] as const;\nfunction f() {\n${longBody}\n}\n`,
      probe,
    );
    expect(probe.casts).to.deep.equal(['src/probe.ts:1', 'src/probe.ts:2']);
    expect(probe.longFunctions).to.deep.equal([`src/probe.ts:4 (${functionLinesMax + 2} lines)`]);
    measure('src/long.ts', 'x;\n'.repeat(fileLinesMax + 1), probe);
    expect(probe.longFiles).to.deep.equal([`src/long.ts (${fileLinesMax + 1} lines)`]);
  });

  it('lets the edge (src/http/) import no surface: what both need lives below both', () => {
    const surfaceImport = /from '(\.\.\/)+(consumption|trading|platform|web|streams)\//;
    const offending = sourceFiles(join(root, 'src/http'))
      .filter((path) => surfaceImport.test(readFileSync(path, 'utf8')))
      .map((path) => relative(root, path));
    expect(offending).to.deep.equal([]);
  });
});
