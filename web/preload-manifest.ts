import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseAst } from 'vite';
import type { PreloadHintsConfig, PreloadRoute } from './src/app/preload-hints.ts';

/**
 * Build time, for the preload hints in index.html (src/app/preload-hints.ts): which built files
 * each page of the route table needs, read from the route table's source and the build's chunks.
 * The route table stays the one list of routes: this reads its entries (`path`, the `handle` they
 * name, the module their `page` imports, their translation `parts`) from its syntax tree.
 */

/** What the build tells of a chunk (Rollup's OutputChunk, the fields used here). */
export interface BuiltChunk {
  readonly type: 'chunk';
  readonly name: string;
  readonly fileName: string;
  readonly isEntry: boolean;
  readonly imports: readonly string[];
  readonly facadeModuleId: string | null;
  readonly moduleIds: readonly string[];
}

/** A page of the route table, as the source declares it. */
export interface DeclaredRoute {
  readonly path: string;
  readonly blank: boolean;
  /** Someone not signed in gets the page (public, or for signed-out visitors only). */
  readonly signedOut: boolean;
  /** The absolute file of the module its `page` imports. */
  readonly module: string;
  readonly parts: readonly string[];
}

type Node = { readonly type: string; readonly [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Every node under `root`, depth first. */
const nodesOf = function* (root: unknown): Generator<Node> {
  if (Array.isArray(root)) {
    for (const item of root) yield* nodesOf(item);
    return;
  }
  if (!isNode(root)) return;
  yield root;
  for (const [key, value] of Object.entries(root)) {
    if (key !== 'type' && typeof value === 'object') yield* nodesOf(value);
  }
};

/** `x satisfies T`, `x as T`: the expression itself. */
const unwrap = (node: unknown): unknown =>
  isNode(node) && (node.type === 'TSSatisfiesExpression' || node.type === 'TSAsExpression')
    ? unwrap(node.expression)
    : node;

const propertiesOf = (object: Node): Map<string, unknown> => {
  const properties = new Map<string, unknown>();
  for (const property of (object.properties as unknown[]) ?? []) {
    if (!isNode(property) || property.type !== 'Property' || !isNode(property.key)) continue;
    const key = property.key.type === 'Identifier' ? property.key.name : property.key.value;
    if (typeof key === 'string') properties.set(key, unwrap(property.value));
  }
  return properties;
};

const literal = (node: unknown): unknown => (isNode(node) && node.type === 'Literal' ? node.value : undefined);

const moduleFile = (specifier: string, importer: string): string => {
  const base = resolve(dirname(importer), specifier);
  const file = ['', '.tsx', '.ts'].map((extension) => base + extension).find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`preload manifest: cannot find ${specifier} from ${importer}`);
  return file;
};

/**
 * The route table's pages: entries with a `path`, a `page` that imports a module, and a `handle`
 * of the `handles` object. Entries without one of these (the index redirect) and the external
 * links are left out: they get no hints, and load as before.
 */
export const readRouteTable = (file: string): DeclaredRoute[] => {
  const program = parseAst(readFileSync(file, 'utf8'), { lang: 'ts' }, file);
  const handles = new Map<string, Map<string, unknown>>();
  for (const node of nodesOf(program)) {
    if (node.type !== 'VariableDeclarator' || !isNode(node.id) || node.id.name !== 'handles') continue;
    const object = unwrap(node.init);
    if (!isNode(object) || object.type !== 'ObjectExpression') continue;
    for (const [name, value] of propertiesOf(object)) {
      if (isNode(value) && value.type === 'ObjectExpression') handles.set(name, propertiesOf(value));
    }
  }
  const routes: DeclaredRoute[] = [];
  for (const node of nodesOf(program)) {
    if (node.type !== 'ObjectExpression') continue;
    const properties = propertiesOf(node);
    const path = literal(properties.get('path'));
    const handleRef = properties.get('handle');
    const page = properties.get('page');
    if (typeof path !== 'string' || !isNode(handleRef) || handleRef.type !== 'MemberExpression' || !page) continue;
    // /wiki and /telegram open a destination elsewhere; their page shows only when none is set.
    if (properties.has('externalLink')) continue;
    const handle = isNode(handleRef.property) ? handles.get(String(handleRef.property.name)) : undefined;
    const imported = [...nodesOf(page)].find((inner) => inner.type === 'ImportExpression');
    const specifier = imported ? literal(imported.source) : undefined;
    if (!handle || typeof specifier !== 'string') continue;
    const partsNode = properties.get('parts');
    const parts =
      isNode(partsNode) && partsNode.type === 'ArrayExpression'
        ? (partsNode.elements as unknown[]).map(literal).filter((part): part is string => typeof part === 'string')
        : [];
    routes.push({
      path,
      blank: literal(handle.get('layout')) === 'blank',
      signedOut: literal(handle.get('public')) === true || literal(handle.get('unauthenticatedOnly')) === true,
      module: moduleFile(specifier, file),
      parts,
    });
  }
  return routes;
};

/** A route path as a regular expression over the pathname; null for a splat (`*`), never hinted. */
export const pathPattern = (path: string): string | null => {
  if (path.includes('*')) return null;
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^/${segments.join('/')}/?$`;
};

/**
 * The hints for index.html: the files each layout and each page needs beyond what index.html
 * loads anyway (the entry chunk and its imports), and every translation part's file per language
 * (`locales/<language>/<part>.ts`). Files are listed once and named by their index.
 */
export const preloadManifest = (
  chunks: readonly BuiltChunk[],
  routes: readonly DeclaredRoute[],
  modules: { readonly shell: string; readonly blank: string },
  sessionKeys: readonly string[],
): PreloadHintsConfig => {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileNames: readonly string[]): string[] => {
    const seen = new Set<string>();
    const pending = [...fileNames];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      pending.push(...(byFile.get(file)?.imports ?? []));
    }
    return [...seen];
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('preload manifest: the build has no entry chunk');
  const loadedAnyway = new Set(closure([entry.fileName]));

  const files: string[] = [];
  const indexOf = (fileName: string): number => {
    const known = files.indexOf(`/${fileName}`);
    return known >= 0 ? known : files.push(`/${fileName}`) - 1;
  };
  const chunkOf = (module: string): BuiltChunk => {
    const chunk =
      chunks.find((candidate) => candidate.facadeModuleId === module) ??
      chunks.find((candidate) => candidate.moduleIds.includes(module));
    if (!chunk) throw new Error(`preload manifest: no chunk holds ${module}`);
    return chunk;
  };
  const needs = (module: string): number[] =>
    closure([chunkOf(module).fileName])
      .filter((file) => !loadedAnyway.has(file))
      .map(indexOf);

  const parts: Record<string, Record<string, number>> = {};
  for (const chunk of chunks) {
    const match = /[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.ts$/.exec(chunk.facadeModuleId ?? '');
    if (!match?.[1] || !match[2]) continue;
    (parts[match[2]] ??= {})[match[1]] = indexOf(chunk.fileName);
  }

  const hinted: PreloadRoute[] = [];
  for (const route of routes) {
    const pattern = pathPattern(route.path);
    if (pattern === null) continue;
    hinted.push({
      pattern,
      blank: route.blank,
      signedOut: route.signedOut,
      files: needs(route.module),
      parts: route.parts,
    });
  }
  return {
    sessionKeys,
    files,
    parts,
    layouts: { blank: needs(modules.blank), shell: needs(modules.shell) },
    routes: hinted,
  };
};
