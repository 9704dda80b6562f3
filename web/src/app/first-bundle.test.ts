// The modules every page loads before anything else: main.tsx, start.tsx (which main.tsx
// imports in a task of its own) and what they import statically (any other `import()` starts
// a chunk of its own). Firestore and reactfire must stay out of them
// (ADR 16), and so must Firebase Auth, which the session loads after the first render
// (ADR 6). `npm run bench` measures the built bundle; this catches a stray import at once.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function resolveLocal(specifier: string, from: string): string | null {
  const base = specifier.startsWith('@/') ? join(src, specifier.slice(2)) : resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && !path.endsWith('/')) ?? null;
}

/** Static (not type-only) import and re-export specifiers of a source file. */
function staticImports(code: string): string[] {
  const pattern = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  return [...code.matchAll(pattern)].map((match) => match[1]!);
}

function firstBundle(entry: string) {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.') || specifier.startsWith('@/')) {
        const target = resolveLocal(specifier, file);
        if (target && /\.tsx?$/.test(target)) visit(target);
      } else if (!packages.has(specifier)) {
        packages.set(specifier, file.slice(src.length + 1));
      }
    }
  };
  visit(entry);
  return { files, packages };
}

describe("the first page's JavaScript", () => {
  const { files, packages } = firstBundle(join(src, 'start.tsx'));
  const offending = (pattern: RegExp) =>
    [...packages].filter(([name]) => pattern.test(name)).map(([name, from]) => `${name} (imported by ${from})`);

  it('follows the static imports of the app (the walk itself works)', () => {
    expect(files.has(join(src, 'app/layouts/site-header.tsx'))).toBe(true);
    expect(packages.has('react-router')).toBe(true);
  });

  it('carries neither Firestore nor reactfire', () => {
    expect(offending(/^(reactfire|rxfire|firebase\/firestore|@firebase\/firestore)/)).toEqual([]);
  });

  it('carries no Firebase SDK at all: Auth arrives after the first render', () => {
    expect(offending(/^(firebase|@firebase)\//)).toEqual([]);
  });

  it('carries none of the answers kept offline: a signed-in member needs them, and they load with Firebase Auth', () => {
    expect(files.has(join(src, 'lib/auth/session-flow.ts'))).toBe(true);
    expect(files.has(join(src, 'lib/offline/offline-answers.ts'))).toBe(false);
  });

  it("carries none of the Insights page's code: its charts come with its own lazy chunk (ADR 37)", () => {
    expect([...files].filter((file) => file.includes('/features/insights/'))).toEqual([]);
  });
});

describe("the dashboard's first chunk", () => {
  it("carries none of the Insights page's code (ADR 37)", () => {
    const { files } = firstBundle(join(src, 'app/layouts/dashboard-layout.tsx'));
    expect(files.has(join(src, 'lib/paths.ts'))).toBe(true);
    expect([...files].filter((file) => file.includes('/features/insights/'))).toEqual([]);
  });
});
