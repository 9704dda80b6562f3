import type { Plugin, Rolldown } from 'vite';
import { publicPageList } from '../packages/contracts/src/public-pages';

/**
 * The first line of a chunk whose functions run as a page is taken over (ADR 88): V8 then
 * compiles all of them while the file streams in, on a background thread, instead of each on
 * the main thread the first time it is called. Chromium 136 and later read it; to any other
 * browser it is a comment.
 */
const compileHint = '//# allFunctionsCalledOnLoad';

/**
 * Below this size a chunk goes without: compiling it lazily costs the main thread well under a
 * millisecond, and the hint costs about 20 bytes of gzip on every page that loads the chunk.
 */
const hintedChunkMinBytes = 12 * 1024;

/**
 * The chunks a public page runs at its take-over: the entry's own imports (React DOM and the
 * site's shell, imported with import() to be evaluated in turns), each public page's chunk, and
 * every chunk those import statically. A lazy page opened later is not among them.
 */
function takeOverChunks(bundle: Rolldown.OutputBundle): Rolldown.OutputChunk[] {
  const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const pageModules = publicPageList.map((page) => `/web/${page.module}`);
  const roots = chunks.filter(
    (chunk) =>
      chunk.isEntry || pageModules.some((module) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module)),
  );
  const found = new Set<Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || found.has(chunk)) return;
    found.add(chunk);
    for (const file of chunk.imports) visit(byFile.get(file));
    if (chunk.isEntry) for (const file of chunk.dynamicImports) visit(byFile.get(file));
  };
  roots.forEach(visit);
  return [...found];
}

/** Starts each take-over chunk of at least `hintedChunkMinBytes` with the compile hint. */
export function compileHints(): Plugin {
  return {
    name: 'hostelhub-compile-hints',
    apply: 'build',
    // Last, after minifying (which drops comments) and after Vite's own first line of lazy
    // imports: V8 reads the hint on a file's first line. The site is built without source maps,
    // so no mapping shifts by the added line.
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of takeOverChunks(bundle)) {
          if (chunk.code.length >= hintedChunkMinBytes) chunk.code = `${compileHint}\n${chunk.code}`;
        }
      },
    },
  };
}
