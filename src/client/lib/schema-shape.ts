import type { z } from 'zod';

/** What a form needs to know of a schema: the kinds the page schemas are made of. */
export type Shape =
  | { kind: 'text'; optional: boolean }
  | { kind: 'object'; optional: boolean; fields: [string, Shape][] }
  | { kind: 'list'; optional: boolean; item: Shape; min: number; max: number };

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number } } }[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** Reads a page's zod schema into the fields a form shows: texts, groups and lists with their bounds. */
export function shapeOf(schema: z.ZodType, optional = false): Shape {
  const def = defOf(schema);
  if (def.type === 'optional' && def.innerType) return shapeOf(def.innerType, true);
  if (def.type === 'object' && def.shape) {
    return {
      kind: 'object',
      optional,
      fields: Object.entries(def.shape).map(([key, field]) => [key, shapeOf(field)]),
    };
  }
  if (def.type === 'array' && def.element) {
    let min = 0;
    let max = Number.POSITIVE_INFINITY;
    for (const { _zod } of def.checks ?? []) {
      const check = _zod.def;
      if (check.check === 'min_length') min = check.minimum ?? min;
      if (check.check === 'max_length') max = check.maximum ?? max;
      if (check.check === 'length_equals') min = max = check.length ?? 0;
    }
    return { kind: 'list', optional, item: shapeOf(def.element), min, max };
  }
  return { kind: 'text', optional };
}

/** A new entry of a list: empty texts, for the editor to fill. */
export function emptyValue(shape: Shape): unknown {
  if (shape.kind === 'text') return '';
  if (shape.kind === 'list') return [];
  return Object.fromEntries(shape.fields.map(([key, field]) => [key, emptyValue(field)]));
}

/** `value` with the item at `path` replaced; `undefined` removes an object's key. */
export function setAt(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setAt(copy[head as number], rest, next);
    return copy;
  }
  const copy = { ...((value ?? {}) as Record<string, unknown>) };
  const inner = setAt(copy[head], rest, next);
  if (inner === undefined) delete copy[head];
  else copy[head] = inner;
  return copy;
}

/** "heroTitle" → "Hero title", "footerLogos" → "Footer logos". */
export const labelOf = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
