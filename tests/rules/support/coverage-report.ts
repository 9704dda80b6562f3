// Global setup of the rules suite. Before it: load firestore.rules once (loading them again
// would restart the emulator's coverage count). After it: print how many rule conditions the
// tests evaluated, name those never evaluated or never seen to deny (loosening one of those
// would go unnoticed), and save the emulator's HTML report to artifacts/rules-coverage.html.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { firestoreEmulatorHost, loadRules, rulesProjectId } from './environment.js';
import { conditionsOf, type Condition } from './rule-conditions.js';

interface ExpressionReport {
  sourcePosition: { line: number; currentOffset: number; endOffset: number };
  values?: Array<{ value: Record<string, unknown>; count: number }>;
  children?: ExpressionReport[];
}

interface CoverageReport {
  rules: { files: Array<{ content: string }> };
  report: ExpressionReport[];
}

const artifacts = fileURLToPath(new URL('../../../artifacts/', import.meta.url));

function flatten(expressions: ExpressionReport[]): ExpressionReport[] {
  return expressions.flatMap((expression) => [expression, ...flatten(expression.children ?? [])]);
}

/** The report's expressions by start offset, flattened once (the report holds many thousands). */
function byStart(report: ExpressionReport[]): Map<number, ExpressionReport[]> {
  const index = new Map<number, ExpressionReport[]>();
  for (const expression of flatten(report)) {
    const start = expression.sourcePosition.currentOffset;
    const list = index.get(start);
    if (list) list.push(expression);
    else index.set(start, [expression]);
  }
  return index;
}

/**
 * The results a condition produced. The report keys expressions by start offset; several
 * share a start (`request.auth != null`, `request.auth`, `request`), and the widest one that
 * ends inside the condition is the condition itself (a call's reported end stops short of
 * its closing parentheses).
 */
function resultsOf(index: Map<number, ExpressionReport[]>, condition: Condition): Set<string> {
  const candidates = (index.get(condition.start) ?? []).filter(
    ({ sourcePosition }) => sourcePosition.endOffset < condition.end,
  );
  const widest = Math.max(...candidates.map(({ sourcePosition }) => sourcePosition.endOffset));
  const seen = new Set<string>();
  for (const expression of candidates.filter(({ sourcePosition }) => sourcePosition.endOffset === widest)) {
    for (const { value } of expression.values ?? []) {
      // An empty value, or an error without a cause, marks a condition that && or || skipped.
      if ('boolValue' in value) seen.add(String(value.boolValue));
      else if ('undefined' in value) {
        if ((value.undefined as { causeMessage?: string }).causeMessage) seen.add('error');
      } else if (Object.keys(value).length > 0) seen.add('value');
    }
  }
  return seen;
}

const describeCondition = (condition: Condition) => `  line ${condition.line}: ${condition.text}`;

export async function setup(): Promise<void> {
  await loadRules();
}

export async function teardown(): Promise<void> {
  const { host, port } = firestoreEmulatorHost();
  const base = `http://${host}:${port}/emulator/v1/projects/${rulesProjectId}:ruleCoverage`;
  const [json, html] = await Promise.all([fetch(base), fetch(`${base}.html`)]);
  if (!json.ok || !html.ok) {
    console.log(`rules coverage: the emulator answered ${json.status} / ${html.status}, no report`);
    return;
  }
  const coverage = (await json.json()) as CoverageReport;
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(`${artifacts}rules-coverage.html`, await html.text());

  const conditions = conditionsOf(coverage.rules.files[0].content);
  const index = byStart(coverage.report);
  const results = new Map(conditions.map((condition) => [condition, resultsOf(index, condition)]));
  const resultOf = (condition: Condition) => results.get(condition) ?? new Set<string>();
  const evaluated = conditions.filter((condition) => resultOf(condition).size > 0);
  const neverEvaluated = conditions.filter((condition) => resultOf(condition).size === 0);
  // Function bodies that build a path or a list are evaluated but decide nothing.
  const deciding = evaluated.filter((condition) => !resultOf(condition).has('value'));
  const neverDenied = deciding.filter((condition) => {
    const seen = resultOf(condition);
    return !seen.has('false') && !seen.has('error');
  });

  console.log(
    `\nrules coverage: ${evaluated.length} of ${conditions.length} conditions evaluated, ` +
      `${deciding.length - neverDenied.length} of ${deciding.length} deciding ones seen to deny; ` +
      `${[...index.values()].reduce((count, list) => count + list.length, 0)} expressions in the emulator's report` +
      ` (artifacts/rules-coverage.html)`,
  );
  if (neverEvaluated.length > 0) console.log(['never evaluated:', ...neverEvaluated.map(describeCondition)].join('\n'));
  if (neverDenied.length > 0) console.log(['never seen to deny:', ...neverDenied.map(describeCondition)].join('\n'));
}
