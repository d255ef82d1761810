// Designers read props in Storybook's docs tables, which show each prop's JSDoc:
// every prop the kit declares (interfaces and object types named *Props) has one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const src = new URL('../src/', import.meta.url).pathname;

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__screenshots__' ? [] : componentFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.stories.tsx') ? [path] : [];
  });
}

function propMembers(type: ts.Node | undefined): ts.TypeElement[] {
  if (!type) return [];
  if (ts.isTypeLiteralNode(type)) return [...type.members];
  if (ts.isIntersectionTypeNode(type)) return type.types.flatMap(propMembers);
  return [];
}

it('documents every prop of every component', () => {
  const undocumented: string[] = [];
  let props = 0;
  for (const file of componentFiles(src)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (
        (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) &&
        node.name.text.endsWith('Props')
      ) {
        const members = ts.isInterfaceDeclaration(node) ? [...node.members] : propMembers(node.type);
        for (const member of members) {
          if (!member.name) continue;
          props++;
          if (ts.getJSDocCommentsAndTags(member).length === 0) {
            undocumented.push(`${file.slice(src.length)}: ${node.name.text}.${member.name.getText(source)}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  expect(props).toBeGreaterThan(150);
  expect(undocumented).toEqual([]);
});
