// Every query the API runs must have its composite index in firestore.indexes.json:
// the emulator runs anything, production refuses a query without its index.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FieldPath } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { db } from '../src/lib/firestore.js';
import { missingIndexFor, type CompositeIndex } from './support/index-coverage.js';
import { indexedQueries } from './support/indexed-queries.js';

const indexFile = join(__dirname, '..', '..', 'firestore.indexes.json');
const declaredIndexes = (JSON.parse(readFileSync(indexFile, 'utf8')) as { indexes: CompositeIndex[] }).indexes;

const uncovered = (indexes: CompositeIndex[]) =>
  indexedQueries()
    .map(({ name, query }) => ({ name, missing: missingIndexFor(query, indexes) }))
    .filter((entry) => entry.missing !== null);

describe('firestore.indexes.json', () => {
  it('has an index for every composite query the API can run', () => {
    expect(indexedQueries().length).toBeGreaterThan(20);
    expect(uncovered(declaredIndexes)).toEqual([]);
  });

  it('declares no index that no query needs (each entry is load-bearing)', () => {
    declaredIndexes.forEach((_index, position) => {
      const withoutOne = declaredIndexes.filter((_entry, other) => other !== position);
      expect(uncovered(withoutOne).length, `index #${position} is unused`).toBeGreaterThan(0);
    });
  });
});

describe('index matching', () => {
  const meals = db.collection('meals');
  const index = (fields: CompositeIndex['fields'], queryScope: CompositeIndex['queryScope'] = 'COLLECTION') => ({
    collectionGroup: 'meals',
    queryScope,
    fields,
  });

  it('needs no entry for what single-field indexes answer', () => {
    expect(missingIndexFor(meals.orderBy('postTime', 'desc'), [])).toBeNull();
    expect(missingIndexFor(meals.where('price', '>=', 10).where('price', '<=', 30), [])).toBeNull();
    // Equality and array-contains filters alone are answered by merging single-field indexes.
    expect(
      missingIndexFor(meals.where('category', '==', 'Lunch').where('searchTokens', 'array-contains', 'a'), []),
    ).toBeNull();
    expect(missingIndexFor(meals.where('category', '==', 'Lunch').orderBy(FieldPath.documentId()), [])).toBeNull();
  });

  it('reports a missing index for equality plus ordering', () => {
    const query = meals.where('category', '==', 'Lunch').orderBy('postTime', 'desc');
    expect(missingIndexFor(query, [])).toBe('meals: category ASCENDING, postTime DESCENDING, __name__ DESCENDING');
    expect(
      missingIndexFor(query, [
        index([
          { fieldPath: 'category', order: 'ASCENDING' },
          { fieldPath: 'postTime', order: 'DESCENDING' },
        ]),
      ]),
    ).toBeNull();
  });

  it('takes equality fields in any order but orderings in order and direction', () => {
    const query = meals.where('category', '==', 'Lunch').where('title', '==', 'x').orderBy('price', 'asc');
    const eq = (fieldPath: string) => ({ fieldPath, order: 'ASCENDING' as const });
    expect(missingIndexFor(query, [index([eq('title'), eq('category'), eq('price')])])).toBeNull();
    expect(missingIndexFor(query, [index([eq('category'), eq('price'), eq('title')])])).not.toBeNull();
    expect(
      missingIndexFor(query, [index([eq('category'), eq('title'), { fieldPath: 'price', order: 'DESCENDING' }])]),
    ).not.toBeNull();
  });

  it('needs the array-contains field as CONTAINS, and the range field ordered first', () => {
    const query = meals
      .where('searchTokens', 'array-contains', 'pan')
      .where('price', '>=', 10)
      .orderBy('price')
      .orderBy('postTime', 'desc');
    const fields = [
      { fieldPath: 'searchTokens', arrayConfig: 'CONTAINS' as const },
      { fieldPath: 'price', order: 'ASCENDING' as const },
      { fieldPath: 'postTime', order: 'DESCENDING' as const },
    ];
    expect(missingIndexFor(query, [index(fields)])).toBeNull();
    expect(
      missingIndexFor(query, [index([{ fieldPath: 'searchTokens', order: 'ASCENDING' }, ...fields.slice(1)])]),
    ).not.toBeNull();
  });

  it('reads the trailing document name direction from the last field unless listed', () => {
    const paged = meals.orderBy('likesCount', 'desc').orderBy(FieldPath.documentId());
    const likes = { fieldPath: 'likesCount', order: 'DESCENDING' as const };
    expect(missingIndexFor(paged, [index([likes])])).toBe('meals: likesCount DESCENDING, __name__ ASCENDING');
    expect(missingIndexFor(paged, [index([likes, { fieldPath: '__name__', order: 'ASCENDING' }])])).toBeNull();
  });

  it('serves several equality filters with an ordering by merging one index per field', () => {
    const query = meals.where('diets.vegan', '==', true).where('freeOf.milk', '==', true).orderBy('postTime', 'desc');
    const perField = (fieldPath: string) =>
      index([
        { fieldPath, order: 'ASCENDING' },
        { fieldPath: 'postTime', order: 'DESCENDING' },
      ]);
    expect(missingIndexFor(query, [perField('diets.vegan'), perField('freeOf.milk')])).toBeNull();
    expect(missingIndexFor(query, [perField('diets.vegan')])).not.toBeNull();
    // The array-contains field is not merged: each merged index carries it.
    const searched = query.where('searchTokens', 'array-contains', 'soup');
    expect(missingIndexFor(searched, [perField('diets.vegan'), perField('freeOf.milk')])).not.toBeNull();
  });

  it('keeps collection and collection-group scopes apart', () => {
    const group = db.collectionGroup('meals').where('category', '==', 'Lunch').orderBy('postTime', 'desc');
    const fields = [
      { fieldPath: 'category', order: 'ASCENDING' as const },
      { fieldPath: 'postTime', order: 'DESCENDING' as const },
    ];
    expect(missingIndexFor(group, [index(fields)])).toMatch(/COLLECTION_GROUP/);
    expect(missingIndexFor(group, [index(fields, 'COLLECTION_GROUP')])).toBeNull();
  });

  it('fails the registry check when one declared index is removed', () => {
    const withoutCategoryPrice = declaredIndexes.filter(
      (entry) => entry.fields.map((field) => field.fieldPath).join(',') !== 'category,price',
    );
    expect(withoutCategoryPrice.length).toBe(declaredIndexes.length - 1);
    // Every price range, closed or open at one end, counts with that index.
    expect(uncovered(withoutCategoryPrice).map((entry) => entry.name)).toEqual([
      'GET /meals total (category+priceRange 10-30)',
      'GET /meals total (category+priceRange under-10)',
      'GET /meals total (category+priceRange 100-plus)',
    ]);
  });
});
