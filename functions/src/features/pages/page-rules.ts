// Each page's first HTML carries only the style rules its own markup can use (ADR 0043). The
// site's stylesheet is 57 KB (10 KB gzipped), most of it for views a visitor opens later, and
// on a slow phone both its bytes and the time to apply it came before the first paint. The
// build outlines the stylesheet once (`outlineStylesheet`, web/scripts/prerender.mjs); a page
// then takes the rules whose class names all appear in it (`rulesFor`), and
// web/inline/load-site.js applies the whole stylesheet before the scripts run, so whatever
// the site draws afterwards is styled.

/** The stylesheet, kept as the build parsed it: a rule with the classes it needs, or a block. */
export type StylesheetOutline = OutlineNode[];
type OutlineNode =
  /** Always kept: a rule that needs no class, a statement, `@property`, `@keyframes`. */
  | { css: string }
  /** Kept when one of its selectors finds every class it names on the page. */
  | { css: string; needs: string[][] }
  /** `@property --name`: kept when what is kept reads the property. */
  | { css: string; property: string }
  /**
   * A rule of custom properties alone for any page (the theme's `:root`, Tailwind's defaults
   * for browsers without `@property`): kept with the declarations something kept reads.
   */
  | { selector: string; variables: [name: string, declaration: string][] }
  /** `@media`, `@supports`, `@layer`…: kept with the rules of it that are kept. */
  | { open: string; inner: OutlineNode[] };

/** As much of a PostCSS node as the outline reads (the build passes `postcss.parse(css)`). */
type CssNode = {
  type: string;
  toString(): string;
  selector?: string;
  selectors?: string[];
  prop?: string;
  name?: string;
  params?: string;
  nodes?: CssNode[];
};

/** The attribute `data-page-rules` marks a page's own rules for load-site.js. */
export const pageRulesAttribute = 'data-page-rules';

/** The stylesheet's rules, each with the classes it needs; `root` is `postcss.parse(css)`. */
export function outlineStylesheet(root: { nodes: CssNode[] }): StylesheetOutline {
  return root.nodes.flatMap((node): OutlineNode[] => {
    if (node.type === 'comment') return [];
    if (node.type === 'rule' && node.selectors) {
      const needs = node.selectors.map(classesRequiredBy);
      if (needs.every((classes) => classes.length > 0)) {
        return [{ css: node.toString(), needs }];
      }
      // A selector that names no class (`*`, `html`, `:root`) may match any page.
      const declarations = node.nodes ?? [];
      const onlyCustomProperties =
        declarations.length > 0 && declarations.every(({ type, prop }) => type === 'decl' && prop?.startsWith('--'));
      if (onlyCustomProperties && node.selector) {
        return [
          {
            selector: node.selector,
            variables: declarations.map((declaration) => [declaration.prop ?? '', declaration.toString()]),
          },
        ];
      }
      return [{ css: node.toString() }];
    }
    // A registered custom property is needed by the rules that use it, wherever they are.
    if (node.type === 'atrule' && node.name === 'property' && node.params) {
      return [{ css: node.toString(), property: node.params }];
    }
    // A block of rules (`@media`, `@supports`, `@layer`) is opened again around the rules kept
    // from it. A block of declarations or frames (`@font-face`, `@keyframes`) is kept whole.
    if (node.type === 'atrule' && node.nodes?.some(({ type }) => type === 'rule' || type === 'atrule')) {
      const inner = outlineStylesheet({ nodes: node.nodes });
      return inner.length === 0 ? [] : [{ open: `@${node.name}${node.params ? ` ${node.params}` : ''}{`, inner }];
    }
    // A statement (`@layer a, b;`) ends with a semicolon PostCSS keeps outside the node.
    return [{ css: node.type === 'atrule' && !node.nodes ? `${node.toString()};` : node.toString() }];
  });
}

/**
 * The classes an element must have, somewhere on the page, for `selector` to match anything.
 * What is inside `:not(…)` is left out: there a class rules a match out rather than in.
 */
export function classesRequiredBy(selector: string): string[] {
  let positive = '';
  let depthInNot = 0;
  for (let index = 0; index < selector.length; index += 1) {
    const char = selector[index];
    if (char === '\\') {
      // An escaped character is part of a name, never a bracket.
      if (depthInNot === 0) positive += selector.slice(index, index + 2);
      index += 1;
    } else if (depthInNot === 0 && selector.startsWith(':not(', index)) {
      depthInNot = 1;
      index += ':not('.length - 1;
    } else if (depthInNot > 0) {
      if (char === '(') depthInNot += 1;
      if (char === ')') depthInNot -= 1;
    } else positive += char;
  }
  const classes = positive.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-]|[^\p{ASCII}])+)/gu);
  return [...new Set([...classes].map(([, name = '']) => unescapeCss(name)))];
}

/** A CSS identifier as written in a class attribute: `md\:flex` is `md:flex`, `\32 xl` is `2xl`. */
function unescapeCss(name: string): string {
  return name.replace(/\\(?:([0-9a-fA-F]{1,6}) ?|(.))/g, (_match, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ''),
  );
}

const htmlEntities: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** Every class named in the HTML's `class` attributes, decoded as the browser reads them. */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ''] of html.matchAll(/\sclass="([^"]*)"/g)) {
    const decoded = value.replace(
      /&(?:#x([0-9a-fA-F]+)|#(\d+)|(\w+));/g,
      (entity, hex?: string, decimal?: string, name?: string) => {
        if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
        if (decimal) return String.fromCodePoint(Number.parseInt(decimal, 10));
        return htmlEntities[name ?? ''] ?? entity;
      },
    );
    for (const name of decoded.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** The custom properties `css` reads (`var(--tw-shadow)` is not `--tw-shadow-color`). */
export function customPropertiesRead(css: string): string[] {
  return Array.from(css.matchAll(/var\(\s*(--[\w-]+)/g), ([, name = '']) => name);
}

type VariablesNode = Extract<OutlineNode, { variables: unknown }>;

/**
 * The stylesheet's rules that can match an element with the given classes, in their order;
 * of the rules of custom properties, the declarations read by what is kept or by the page
 * itself (`readInPage`: its inline styles), then the registrations of those it reads.
 */
export function rulesFor(
  outline: StylesheetOutline,
  classes: ReadonlySet<string>,
  readInPage: Iterable<string> = [],
): string {
  const properties: { css: string; property: string }[] = [];
  /** The kept rules as text, with the rules of custom properties still to be cut. */
  const pieces = (nodes: StylesheetOutline): (string | VariablesNode)[] => {
    const kept: (string | VariablesNode)[] = [];
    for (const node of nodes) {
      if ('open' in node) {
        const inner = pieces(node.inner);
        if (inner.length > 0) kept.push(node.open, ...inner, '}');
      } else if ('property' in node) properties.push(node);
      else if ('variables' in node) kept.push(node);
      else if (!('needs' in node) || node.needs.some((needed) => needed.every((name) => classes.has(name)))) {
        kept.push(node.css);
      }
    }
    return kept;
  };
  const kept = pieces(outline);
  // What is read, then what the declarations of what is read read in turn
  // (`--default-font-family: var(--font-sans)`).
  const read = new Set([
    ...readInPage,
    ...kept.flatMap((piece) => (typeof piece === 'string' ? customPropertiesRead(piece) : [])),
  ]);
  const declarations = new Map(
    kept.flatMap((piece) =>
      typeof piece === 'string' ? [] : piece.variables.map(([name, text]) => [name, text] as const),
    ),
  );
  const unread = [...read];
  for (let name = unread.pop(); name !== undefined; name = unread.pop()) {
    for (const further of customPropertiesRead(declarations.get(name) ?? '')) {
      if (!read.has(further)) {
        read.add(further);
        unread.push(further);
      }
    }
  }
  const css = kept
    .map((piece) => {
      if (typeof piece === 'string') return piece;
      const used = piece.variables.filter(([name]) => read.has(name)).map(([, text]) => text);
      return used.length === 0 ? '' : `${piece.selector}{${used.join(';')}}`;
    })
    .join('');
  // A registration matters where the property is read (its initial value, whether it is
  // inherited).
  return (
    css +
    properties
      .filter(({ property }) => read.has(property))
      .map((node) => node.css)
      .join('')
  );
}

/**
 * The page with its inline stylesheet cut to the rules its markup uses, marked so that
 * load-site.js applies the whole one (the page's disabled `<link>`) before the site runs.
 */
export function withPageRules(html: string, outline: StylesheetOutline): string {
  const stylesheet = /<style>[\s\S]*?<\/style>/.exec(html);
  if (!stylesheet) throw new Error('The page has no inline stylesheet');
  // A page may read a custom property itself, in a style attribute.
  const markup = html.replace(stylesheet[0], '');
  const rules = rulesFor(outline, classesInHtml(markup), customPropertiesRead(markup));
  return html.replace(stylesheet[0], () => `<style ${pageRulesAttribute}>${rules}</style>`);
}
