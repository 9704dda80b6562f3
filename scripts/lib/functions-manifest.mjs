// What a deploy of the functions will create, read offline: the manifest the functions SDK
// writes for the Firebase CLI (the same one `firebase deploy` reads), the table of what each
// function should be (functions/deploy-shape.json), and the secrets each function's code can
// reach. `npm run deploy` refuses a manifest that differs from the table, and
// functions/test/deploy-shape.test.ts checks both on every test run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { root } from './emulators.mjs';

const functionsDir = join(root, 'functions');
export const shapeTablePath = join(functionsDir, 'deploy-shape.json');

/** The table kept in the repository: what each function must be when deployed. */
export function readShapeTable() {
  return JSON.parse(readFileSync(shapeTablePath, 'utf8'));
}

/**
 * The manifest of the built bundle (functions/lib/index.js), as the Firebase CLI asks the SDK
 * for it at deploy time. `env` is what the CLI would hand the discovery process: the
 * settings of functions/.env.<project>; nothing else of this shell leaks in.
 */
export function readManifest({ projectId = 'demo-hostel-meals', env = {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'hostelhub-manifest-'));
  const output = join(dir, 'functions.json');
  try {
    const bin = join(root, 'node_modules', '.bin', 'firebase-functions');
    const result = spawnSync(bin, ['.'], {
      cwd: functionsDir,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...env,
        GCLOUD_PROJECT: projectId,
        FUNCTIONS_MANIFEST_OUTPUT_PATH: output,
      },
    });
    if (result.status !== 0) {
      throw new Error(`The functions SDK wrote no manifest (build functions first):\n${result.stderr}${result.stdout}`);
    }
    return JSON.parse(readFileSync(output, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A manifest endpoint in the table's terms; `null` is the platform's default. */
export function shapeOf(endpoint) {
  const trigger = endpoint.httpsTrigger
    ? 'https'
    : endpoint.scheduleTrigger
      ? { schedule: endpoint.scheduleTrigger.schedule, timeZone: endpoint.scheduleTrigger.timeZone ?? null }
      : (Object.keys(endpoint).find((key) => key.endsWith('Trigger')) ?? 'unknown');
  return {
    trigger,
    region: (endpoint.region ?? []).join(','),
    secrets: (endpoint.secretEnvironmentVariables ?? []).map((secret) => secret.key).sort(),
    memoryMiB: endpoint.availableMemoryMb ?? null,
    cpu: endpoint.cpu ?? null,
    timeoutSeconds: endpoint.timeoutSeconds ?? null,
    concurrency: endpoint.concurrency ?? null,
    minInstances: endpoint.minInstances ?? null,
    maxInstances: endpoint.maxInstances ?? null,
  };
}

/** The table's entry without its notes, in the same terms as shapeOf; `region` as deployed. */
export function expectedShape(entry, region) {
  const { notRead: _notes, ...shape } = entry;
  return { ...shape, region: region ?? shape.region, secrets: [...shape.secrets].sort() };
}

/**
 * Where the manifest differs from the table, one line per difference (empty: none): a
 * function missing on either side, or a setting with another value.
 */
export function shapeDifferences(manifest, table, region) {
  const deployed = manifest.endpoints ?? {};
  const lines = [];
  for (const name of Object.keys(table.functions)) {
    if (!deployed[name]) lines.push(`${name}: in functions/deploy-shape.json but not exported`);
  }
  for (const [name, endpoint] of Object.entries(deployed)) {
    const entry = table.functions[name];
    if (!entry) {
      lines.push(`${name}: exported but not in functions/deploy-shape.json`);
      continue;
    }
    const actual = shapeOf(endpoint);
    const expected = expectedShape(entry, region);
    for (const key of Object.keys({ ...expected, ...actual })) {
      if (JSON.stringify(actual[key]) !== JSON.stringify(expected[key])) {
        lines.push(`${name}.${key}: deployed ${JSON.stringify(actual[key])}, table ${JSON.stringify(expected[key])}`);
      }
    }
  }
  return lines;
}

// --- The secrets a function's code can read, found statically ---------------------------------

const ts = createRequire(join(root, 'package.json'))('typescript');
const srcDir = join(functionsDir, 'src');

const parse = (file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** A relative import's file: `./x.js` is written for `./x.ts`. Packages are not followed. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // Not this one.
    }
  }
  throw new Error(`${relative(root, from)}: cannot resolve ${specifier}`);
}

/** Every module specifier a file imports or re-exports, static or dynamic. */
function importsOf(sourceFile) {
  const specifiers = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      // Type-only imports vanish from the bundle.
      if (!(node.importClause?.isTypeOnly || node.isTypeOnly)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return specifiers;
}

/**
 * Every secret the functions' source defines: `defineSecret('NAME')` bound to an exported
 * constant, as file → { constant: NAME }.
 */
function definedSecrets(files) {
  const defined = new Map();
  for (const file of files) {
    // No prototype: an identifier such as `toString` is not a secret.
    const constants = Object.create(null);
    const visit = (node) => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        ts.isCallExpression(node.initializer) &&
        node.initializer.expression.getText() === 'defineSecret'
      ) {
        const [name] = node.initializer.arguments;
        if (!name || !ts.isStringLiteral(name))
          throw new Error(`${relative(root, file)}: defineSecret needs a literal name`);
        constants[node.name.text] = name.text;
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(file));
    if (Object.keys(constants).length > 0) defined.set(file, constants);
  }
  return defined;
}

/** The modules reachable from `entries` through relative imports (the bundle's own code). */
function reachableFrom(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of importsOf(parse(file))) {
      const target = resolveImport(file, specifier);
      if (target) queue.push(target);
    }
  }
  return seen;
}

/** Every .ts file under functions/src except tests. */
function sourceFiles(dir = srcDir) {
  return ts.sys
    .readDirectory(dir, ['.ts'], undefined, ['**/*'])
    .filter((file) => !file.endsWith('.test.ts'))
    .map((file) => resolve(file));
}

/**
 * The secrets each exported function's code can read. A function's code is what its handler
 * and options reach from functions/src/index.ts through imports (module by module, so more
 * rather than less); a module reads a secret when it imports the constant `defineSecret` made,
 * or names it in `process.env`. Packages are not followed: the secrets are this code's own.
 * Returns { functionName: { secret: [files that read it] } }.
 */
export function secretReadsByFunction() {
  const files = sourceFiles();
  const defined = definedSecrets(files);
  const secretNames = new Set([...defined.values()].flatMap((constants) => Object.values(constants)));
  const index = join(srcDir, 'index.ts');
  const indexFile = parse(index);

  // index.ts's imports: local name → the file it comes from.
  const importedFrom = new Map();
  for (const statement of indexFile.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const target = resolveImport(index, statement.moduleSpecifier.text);
    const bindings = statement.importClause?.namedBindings;
    if (!target || !bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) importedFrom.set(element.name.text, target);
  }

  /** What one module reads: imported secret constants, and process.env.NAME of a secret. */
  const readsOf = (file) => {
    const reads = new Set();
    const source = parse(file);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement)) continue;
      const target = resolveImport(file, statement.moduleSpecifier.text);
      const constants = target ? defined.get(target) : undefined;
      const bindings = statement.importClause?.namedBindings;
      if (!constants || !bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) {
        const secret = constants[(element.propertyName ?? element.name).text];
        if (secret) reads.add(secret);
      }
    }
    const own = defined.get(file) ?? Object.create(null);
    const visit = (node) => {
      if (ts.isPropertyAccessExpression(node) && node.expression.getText() === 'process.env') {
        if (secretNames.has(node.name.text)) reads.add(node.name.text);
      } else if (ts.isElementAccessExpression(node) && node.expression.getText() === 'process.env') {
        const key = node.argumentExpression;
        if (ts.isStringLiteral(key) && secretNames.has(key.text)) reads.add(key.text);
      } else if (ts.isIdentifier(node) && own[node.text] && !ts.isVariableDeclaration(node.parent)) {
        // A secret used in the module that defines it.
        reads.add(own[node.text]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return reads;
  };

  const result = Object.create(null);
  const visitExport = (name, nodes) => {
    // Whatever the handler and options name: identifiers imported into index.ts, and the
    // constants index.ts itself defines (followed to what they name).
    const entries = new Set();
    const named = new Set();
    const collect = (node) => {
      if (ts.isIdentifier(node)) named.add(node.text);
      ts.forEachChild(node, collect);
    };
    for (const node of nodes) collect(node);
    const reads = Object.create(null);
    for (const identifier of named) {
      const file = importedFrom.get(identifier);
      if (!file) continue;
      const constants = defined.get(file);
      if (constants?.[identifier]) {
        // A secret named in the options: declared, which is not a read of its own.
        continue;
      }
      entries.add(file);
    }
    for (const file of reachableFrom(entries)) {
      for (const secret of readsOf(file)) (reads[secret] ??= []).push(relative(root, file));
    }
    result[name] = reads;
  };

  // Constants defined in index.ts (e.g. shared options) are inlined into what names them.
  const localConstants = new Map();
  for (const statement of indexFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const exported = statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      if (exported) visitExport(declaration.name.text, withLocals(declaration.initializer, localConstants));
      else localConstants.set(declaration.name.text, declaration.initializer);
    }
  }
  return result;
}

/** A node plus the index.ts constants it names, so their identifiers count as named too. */
function withLocals(node, locals) {
  const included = [node];
  const visit = (child) => {
    if (ts.isIdentifier(child) && locals.has(child.text)) {
      const local = locals.get(child.text);
      if (!included.includes(local)) {
        included.push(local);
        visit(local);
      }
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return included;
}

/**
 * The secrets a function's code can read but neither declares nor the table explains
 * (`notRead`: a reason each): one line each, empty when every read is declared.
 */
export function undeclaredSecretReads(manifest, table) {
  const reads = secretReadsByFunction();
  const lines = [];
  for (const [name, endpoint] of Object.entries(manifest.endpoints ?? {})) {
    const declared = new Set((endpoint.secretEnvironmentVariables ?? []).map((secret) => secret.key));
    const notRead = table.functions[name]?.notRead ?? {};
    for (const [secret, files] of Object.entries(reads[name] ?? {})) {
      if (!declared.has(secret) && !Object.hasOwn(notRead, secret)) {
        lines.push(`${name} can read ${secret} (${files.join(', ')}) but does not declare it`);
      }
    }
  }
  return lines;
}
