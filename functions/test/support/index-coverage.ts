// Checks that a Firestore query is served by the indexes in firestore.indexes.json.
// The emulator answers any query; production refuses a query without its composite index,
// so this check is what keeps the two in step. It follows Firestore's matching rules:
//  - equality (==, in) and array-contains filters form the index prefix, in any order;
//  - then the query's orderings (explicit ones, then range-filtered fields not ordered
//    explicitly, ascending), each with its direction;
//  - every index ends with __name__, in the direction of its last field unless listed;
//  - a collection-group query needs an index of COLLECTION_GROUP scope.
// Queries with only equality/array-contains filters and no ordering are answered by merging
// single-field indexes, and a single ordered field by its single-field index: no entry needed.
// A query with several equality filters and an ordering is also answered by index merging:
// one index per equality field (with the query's array-contains field, if any, which is not
// merged), each followed by the same orderings (what the /meals label filters rely on, ADR 0032).
import type { Query } from 'firebase-admin/firestore';

type IndexField = { fieldPath: string; order?: 'ASCENDING' | 'DESCENDING'; arrayConfig?: 'CONTAINS' };
export type CompositeIndex = {
  collectionGroup: string;
  queryScope?: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
};
type Direction = 'ASCENDING' | 'DESCENDING';

/** What matters about a query for index selection. */
type QueryShape = {
  collectionId: string;
  collectionGroup: boolean;
  equalityFields: string[];
  arrayContainsField: string | null;
  /** Orderings as Firestore normalises them, ending with __name__. */
  orders: { field: string; direction: Direction }[];
};

const documentName = '__name__';
const equalityOps = new Set(['EQUAL', 'IN']);
const arrayOps = new Set(['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']);

type InternalFilter = { field: { formattedName: string }; op: string; getFlattenedFilters(): InternalFilter[] };
type InternalOptions = {
  collectionId: string;
  allDescendants: boolean;
  filters: InternalFilter[];
  fieldOrders: { field: { formattedName: string }; direction: Direction }[];
};

/** Reads the admin SDK's internal query options (there is no public accessor for them). */
function shapeOf(query: Query): QueryShape {
  const options = (query as unknown as { _queryOptions: InternalOptions })._queryOptions;
  const filters = options.filters.flatMap((filter) => filter.getFlattenedFilters());
  const equalityFields = new Set<string>();
  let arrayContainsField: string | null = null;
  const rangeFields: string[] = [];
  for (const filter of filters) {
    const field = filter.field.formattedName;
    if (equalityOps.has(filter.op)) equalityFields.add(field);
    else if (arrayOps.has(filter.op)) arrayContainsField = field;
    else if (!rangeFields.includes(field)) rangeFields.push(field);
  }
  const orders: QueryShape['orders'] = [];
  for (const order of options.fieldOrders) {
    const field = order.field.formattedName;
    // Ordering by a field fixed by an equality filter changes nothing, and Firestore drops it.
    if (equalityFields.has(field) || orders.some((entry) => entry.field === field)) continue;
    orders.push({ field, direction: order.direction });
  }
  for (const field of [...rangeFields].sort()) {
    if (!orders.some((entry) => entry.field === field)) orders.push({ field, direction: 'ASCENDING' });
  }
  if (!orders.some((entry) => entry.field === documentName)) {
    orders.push({ field: documentName, direction: orders[orders.length - 1]?.direction ?? 'ASCENDING' });
  }
  return {
    collectionId: options.collectionId,
    collectionGroup: options.allDescendants,
    equalityFields: [...equalityFields].sort(),
    arrayContainsField,
    orders,
  };
}

/** True when single-field indexes (automatic in Firestore) answer the query. */
function servedBySingleFieldIndexes(shape: QueryShape): boolean {
  const ordered = shape.orders.filter((entry) => entry.field !== documentName);
  const name = shape.orders[shape.orders.length - 1];
  if (ordered.length === 0) return name?.direction === 'ASCENDING' || shape.equalityFields.length === 0;
  const only = ordered[0];
  return (
    ordered.length === 1 &&
    shape.equalityFields.length === 0 &&
    shape.arrayContainsField === null &&
    name?.field === documentName &&
    name.direction === only?.direction
  );
}

/** The index's fields with the implicit trailing __name__ made explicit. */
function withDocumentName(fields: IndexField[]): IndexField[] {
  if (fields[fields.length - 1]?.fieldPath === documentName) return fields;
  const last = fields[fields.length - 1];
  return [...fields, { fieldPath: documentName, order: last?.order ?? 'ASCENDING' }];
}

function indexServes(index: CompositeIndex, shape: QueryShape): boolean {
  if (index.collectionGroup !== shape.collectionId) return false;
  const scope = index.queryScope ?? 'COLLECTION';
  if ((scope === 'COLLECTION_GROUP') !== shape.collectionGroup) return false;

  const fields = withDocumentName(index.fields);
  const prefixLength = shape.equalityFields.length + (shape.arrayContainsField ? 1 : 0);
  const prefix = fields.slice(0, prefixLength);
  const rest = fields.slice(prefixLength);

  const prefixCovers =
    prefix.length === prefixLength &&
    shape.equalityFields.every((field) => prefix.some((entry) => entry.fieldPath === field && entry.order)) &&
    (shape.arrayContainsField === null ||
      prefix.some((entry) => entry.fieldPath === shape.arrayContainsField && entry.arrayConfig === 'CONTAINS'));
  if (!prefixCovers) return false;

  return (
    rest.length === shape.orders.length &&
    rest.every((entry, position) => {
      const wanted = shape.orders[position];
      return wanted !== undefined && entry.fieldPath === wanted.field && entry.order === wanted.direction;
    })
  );
}

/** Describes the index a query would need, for a readable failure message. */
function describeNeededIndex(shape: QueryShape): string {
  const parts = [
    ...shape.equalityFields.map((field) => `${field} ASCENDING`),
    ...(shape.arrayContainsField ? [`${shape.arrayContainsField} CONTAINS`] : []),
    ...shape.orders.map((entry) => `${entry.field} ${entry.direction}`),
  ];
  const scope = shape.collectionGroup ? ' (COLLECTION_GROUP)' : '';
  return `${shape.collectionId}${scope}: ${parts.join(', ')}`;
}

/** The query split into one shape per equality field, each with the array-contains and the orderings. */
function mergeParts(shape: QueryShape): QueryShape[] {
  return shape.equalityFields.map((field) => ({ ...shape, equalityFields: [field] }));
}

/** null when the query can run in production with these indexes, else the index it lacks. */
export function missingIndexFor(query: Query, indexes: CompositeIndex[]): string | null {
  const shape = shapeOf(query);
  if (servedBySingleFieldIndexes(shape)) return null;
  if (indexes.some((index) => indexServes(index, shape))) return null;
  const parts = mergeParts(shape);
  if (parts.length > 1 && parts.every((part) => indexes.some((index) => indexServes(index, part)))) return null;
  return describeNeededIndex(shape);
}
