import { join, relative } from 'node:path';
import ts from 'typescript';
import { SRC, type SourceFile } from './source-files.js';

/** What one `import` (or `export … from`, or `import()`) of a source asks for. */
export interface SourceImport {
  specifier: string;
  /** `import type` / `import { type A }` only: gone once compiled, but still a dependency of the source's types. */
  typeOnly: boolean;
  /** The bff/src file it resolves to (`media/media.sql.ts`); null for a package or node built-in. */
  target: string | null;
}

/** bff's tsconfig.json, read by TypeScript: the same module resolution (nodenext, the `@/*` path) as the type-check. */
const TSCONFIG = join(SRC, '..', 'tsconfig.json');
const compilerOptions = ts.getParsedCommandLineOfConfigFile(
  TSCONFIG,
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
)!.options;

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false; // `import './side-effect.js'` runs the module
  if (clause.phaseModifier === ts.SyntaxKind.TypeKeyword) return true;
  const bindings = clause.namedBindings;
  return !clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly);
}

/** Every module specifier a source names: static imports and re-exports, and `import()` / `require()` calls. */
function specifiersOf(file: SourceFile): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) {
        found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnly(node) });
      }
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The imports of each source, resolved by TypeScript's own module resolution against the given sources (so a test
 * may hand it sources that are not on disk): `@/x/y.js` and `./y.js` find `x/y.ts`. Type-only imports count, as
 * madge and dpdm count them: a circle through types still ties the files' designs together.
 */
export function importsOf(files: SourceFile[]): Map<string, SourceImport[]> {
  const paths = new Set(files.map((file) => join(SRC, file.path)));
  const host: ts.ModuleResolutionHost = {
    fileExists: (path) => paths.has(path) || (path.endsWith('package.json') && ts.sys.fileExists(path)),
    readFile: (path) => ts.sys.readFile(path),
    directoryExists: (path) => ts.sys.directoryExists?.(path) ?? true,
  };
  return new Map(
    files.map((file) => {
      const containing = join(SRC, file.path);
      const imports = specifiersOf(file).map(({ specifier, typeOnly }) => {
        const resolved = ts.resolveModuleName(specifier, containing, compilerOptions, host).resolvedModule;
        const path = resolved?.resolvedFileName;
        const inSrc = path !== undefined && paths.has(path);
        return { specifier, typeOnly, target: inSrc ? relative(SRC, path) : null };
      });
      return [file.path, imports];
    }),
  );
}

/**
 * The import circles among the sources: each strongly connected component of the import graph with more than one
 * file (or a file importing itself), its files sorted (Tarjan's algorithm).
 */
export function importCircles(imports: Map<string, SourceImport[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const connect = (file: string) => {
    index.set(file, index.size);
    lowLink.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const { target } of imports.get(file) ?? []) {
      if (target === null) continue;
      if (!index.has(target)) {
        connect(target);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfImport = imports.get(file)?.some(({ target }) => target === file);
    if (component.length > 1 || selfImport) circles.push(component.sort());
  };
  for (const file of imports.keys()) if (!index.has(file)) connect(file);
  return circles;
}
