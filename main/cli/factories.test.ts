// One way to build the core (issue 36, point 3): a `pos` command builds an area's parts with
// main/areas' factories, as the app does, never with the area's own constructors, so the CLI and the
// app cannot wire the same part two ways (`pos return` once joined the store hub with a StoreHub of
// its own). Read from the commands' source: every `new X(...)` whose X comes from an area's module.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The folders of main/ whose parts main/areas builds. */
const AREAS = [
  'cards',
  'connection',
  'counter',
  'hub',
  'outbox',
  'printer',
  'returns',
  'scanner',
  'service',
  'sync',
];
const fromArea = new RegExp(`^\\.\\./(${AREAS.join('|')})/`);

/** `file: new X` for each class of an area's module that a command's file constructs. */
function constructedParts(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = ts.createSourceFile(
      name,
      readFileSync(join(dir, name), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const imported = new Set<string>();
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      if (!fromArea.test(statement.moduleSpecifier.text)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (bindings !== undefined && ts.isNamedImports(bindings))
        for (const element of bindings.elements) imported.add(element.name.text);
    }
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && imported.has(node.expression.text))
        found.push(`${name}: new ${node.expression.text}`);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('the CLI builds from the app’s factories', () => {
  it('no command constructs a part of an area itself', () => {
    expect(constructedParts(import.meta.dirname)).toEqual([]);
  });
});
