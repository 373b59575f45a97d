import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.js';

/**
 * Every string a payload schema of the contracts takes is a `text()`: a lone UTF-16 surrogate in any of them is
 * refused with TEXT_MALFORMED. The schemas are walked, so a string field added later is checked too.
 */

type Path = (string | number)[];

/** A string schema inside a payload schema: where it is, and an input holding a value there. */
interface Leaf {
  path: Path;
  input(value: string): unknown;
}

/** The literal fields of an object (a discriminated union's `type`), so that an input reaches the right branch. */
function literalsOf(def: z.core.$ZodObjectDef): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(def.shape).flatMap(([key, field]) => {
      const fieldDef = (field as z.core.$ZodTypes)._zod.def;
      return fieldDef.type === 'literal' ? [[key, fieldDef.values[0]]] : [];
    }),
  );
}

/** Every string schema inside `schema`, as an input would reach it. */
function stringLeaves(schema: z.core.$ZodType, seen = new Set<unknown>()): Leaf[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as z.core.$ZodTypes)._zod.def;
  const within = (inner: z.core.$ZodType) => stringLeaves(inner, seen);
  switch (def.type) {
    case 'string':
      return [{ path: [], input: (value) => value }];
    case 'object':
      return Object.entries(def.shape).flatMap(([key, field]) =>
        within(field).map((leaf) => ({
          path: [key, ...leaf.path],
          input: (value: string) => ({ ...literalsOf(def), [key]: leaf.input(value) }),
        })),
      );
    case 'array':
      return within(def.element).map((leaf) => ({ path: [0, ...leaf.path], input: (value) => [leaf.input(value)] }));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return within(def.innerType);
    case 'pipe':
      return [...within(def.in), ...within(def.out)];
    case 'intersection':
      return [...within(def.left), ...within(def.right)];
    case 'union':
      return def.options.flatMap((option) => within(option));
    case 'lazy':
      return within(def.getter());
    case 'record':
    case 'tuple':
    case 'map':
    case 'set':
    case 'promise':
    case 'function':
      throw new Error(`a payload schema holds a ${def.type}: teach this walk to reach its strings`);
    case 'any':
    case 'unknown':
    case 'bigint':
    case 'boolean':
    case 'custom':
    case 'date':
    case 'enum':
    case 'file':
    case 'literal':
    case 'nan':
    case 'never':
    case 'null':
    case 'number':
    case 'success':
    case 'symbol':
    case 'template_literal':
    case 'transform':
    case 'undefined':
    case 'void':
      // Holds no free text: a fixed set of values, a number, or what the client's value turns into.
      return [];
  }
}

/** Every issue of a failed parse, those inside a union's branches included. */
function allIssues(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => [
    issue,
    ...(issue.code === 'invalid_union' ? issue.errors.flatMap((branch) => allIssues(branch)) : []),
  ]);
}

// What clients send: bodies, queries, path parameters and multipart forms, named so (answers are what the server
// writes).
const REQUEST_SCHEMA = /(Body|Query|Params|Path|Form)$/;

const SCHEMAS = Object.entries(contracts).flatMap(([name, value]) =>
  value instanceof z.ZodType && REQUEST_SCHEMA.test(name) ? [{ name, schema: value as z.ZodType }] : [],
);

const CASES = SCHEMAS.flatMap(({ name, schema }) =>
  stringLeaves(schema).map((leaf) => ({ name: `${name}.${leaf.path.join('.') || '(itself)'}`, schema, leaf })),
);

describe('text fields', () => {
  it('are found in the schemas of every payload (the walk reaches them)', () => {
    const names = CASES.map((entry) => entry.name);
    for (const field of [
      'contactBody.name',
      'contactBody.message',
      'commentBody.comment',
      'loginBody.password',
      'createTurbineBody.code',
      'updateFindingBody.description',
      'updateFindingBody.target.selector.value',
      'presignedUploadBody.files.0.name',
      'photoListQuery.q',
      'inspectionReportPath.requestId',
      'editedPhotoForm.photoKey',
    ]) {
      expect(names).toContain(field);
    }
  });

  it.each(CASES)('$name refuses a lone surrogate with TEXT_MALFORMED', ({ schema, leaf }) => {
    for (const probe of ['Probe \ud800', '\udfff', 'a\ud83d']) {
      const result = schema.safeParse(leaf.input(probe));
      expect(result.success).toBe(false);
      // A union reports its branch's issues below its own path.
      const atPath = allIssues(result.error?.issues ?? []).filter((issue) =>
        leaf.path.join('.').endsWith(issue.path.join('.')),
      );
      expect(atPath.map((issue) => issue.message)).toContain('TEXT_MALFORMED');
    }
  });

  it('keep well-formed text, emoji and Turkish letters included', () => {
    expect(contracts.contactBody.parse({ name: 'Ayşe 🌬️', subject: 'Kanat ğüşiöç', message: '😀 İyi' })).toMatchObject({
      name: 'Ayşe 🌬️',
      message: '😀 İyi',
    });
  });
});
