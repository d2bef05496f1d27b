/**
 * The house-rules form, generated from the rules package's zod schemas: each schema is
 * turned into JSON Schema (zod 4's z.toJSONSchema) and walked into a small tree of
 * fields, each with its default and its one-line description. Nothing is hard-coded
 * per option, so a new house rule shows up in the form by itself.
 */
import { tableSettingsSchema } from '@kibitz/protocol';
import { z } from 'zod';
import { RULE_SCHEMAS, type RuleSet } from '../games/forms.ts';

/** The part of JSON Schema that z.toJSONSchema produces for our configs. */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

export type Scalar = string | number | boolean | null;
export type FormValue = Scalar | FormObject | FormObject[];
export interface FormObject {
  [key: string]: FormValue;
}

interface Common {
  key: string;
  /** Dotted path for labels and error messages: "cardPassing.count", "target.points". */
  path: string;
  description: string | null;
  /**
   * The schema gives this option a default. Where it does not (a row of bid steps, the
   * number of rounds) the form still needs a starting value, but must not show it as
   * "default": a form once read "From this bid on, default: 0" beside a box of 50.
   */
  hasDefault: boolean;
}

export type Field =
  | (Common & {
      kind: 'integer';
      min: number | null;
      max: number | null;
      step: number;
      /** null allowed (the option can be switched off) */
      nullable: boolean;
      default: number | null;
    })
  | (Common & { kind: 'boolean'; default: boolean })
  | (Common & { kind: 'choice'; options: (string | number)[]; default: string | number })
  | (Common & {
      kind: 'union';
      /** The property that tells the variants apart ("kind", "mode"). */
      tag: string;
      variants: { tag: string; fields: Field[] }[];
      default: FormObject;
    })
  | (Common & { kind: 'group'; fields: Field[]; default: FormObject })
  | (Common & { kind: 'list'; fields: Field[]; minItems: number; maxItems: number; default: FormObject[] });

/** Numbers this far out are JSON Schema's "no limit" (e.g. the safe-integer bounds). */
const UNBOUNDED = 1e12;

function bound(value: number | undefined): number | null {
  return value === undefined || Math.abs(value) >= UNBOUNDED ? null : value;
}

function isScalar(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

function asObject(value: unknown): FormObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as FormObject) : {};
}

/** Turns one property's JSON Schema into a field; null for shapes the form does not know. */
export function fieldOf(key: string, schema: JsonSchema, parent = ''): Field | null {
  const path = parent === '' ? key : `${parent}.${key}`;
  const description = schema.description ?? null;
  const common = { key, path, description, hasDefault: schema.default !== undefined };
  if (schema.type === 'integer' || schema.type === 'number') {
    return {
      ...common,
      kind: 'integer',
      min: bound(schema.minimum),
      max: bound(schema.maximum),
      step: schema.multipleOf ?? 1,
      nullable: false,
      default: typeof schema.default === 'number' ? schema.default : (bound(schema.minimum) ?? 0),
    };
  }
  if (schema.type === 'boolean') {
    return { ...common, kind: 'boolean', default: schema.default === true };
  }
  if (schema.type === 'string' && schema.enum) {
    const options = schema.enum.filter(isScalar);
    return {
      ...common,
      kind: 'choice',
      options,
      default: isScalar(schema.default) ? schema.default : options[0]!,
    };
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // A nullable number: anyOf [integer, null].
    const nonNull = alternatives.filter((option) => option.type !== 'null');
    if (nonNull.length === 1 && alternatives.length === 2) {
      const inner = fieldOf(key, { ...nonNull[0]!, description: schema.description }, parent);
      if (inner?.kind === 'integer') {
        return {
          ...inner,
          hasDefault: schema.default !== undefined,
          nullable: true,
          default: typeof schema.default === 'number' ? schema.default : null,
        };
      }
    }
    // A choice of constants: 'unlimited' | 1 | 2.
    if (alternatives.every((option) => isScalar(option.const))) {
      const options = alternatives.map((option) => option.const as string | number);
      return {
        ...common,
        kind: 'choice',
        options,
        default: isScalar(schema.default) ? schema.default : options[0]!,
      };
    }
    // A discriminated union of objects: { kind: 'score', points } | { kind: 'rounds', rounds }.
    const tag = unionTag(alternatives);
    if (tag !== null) {
      const variants = alternatives.map((option) => ({
        tag: String(option.properties![tag]!.const),
        fields: fieldsOf(option, [tag], path),
      }));
      const fallback = { [tag]: variants[0]!.tag, ...defaultsOf(variants[0]!.fields) };
      const value = schema.default === undefined ? fallback : asObject(schema.default);
      return { ...common, kind: 'union', tag, variants, default: value };
    }
    return null;
  }
  if (schema.type === 'object' && schema.properties) {
    const fields = fieldsOf(schema, [], path);
    const value = schema.default === undefined ? defaultsOf(fields) : asObject(schema.default);
    return { ...common, kind: 'group', fields, default: value };
  }
  if (schema.type === 'array' && schema.items?.type === 'object') {
    const fields = fieldsOf(schema.items, [], path);
    const value = Array.isArray(schema.default) ? schema.default.map(asObject) : [];
    return {
      ...common,
      kind: 'list',
      fields,
      minItems: schema.minItems ?? 0,
      maxItems: schema.maxItems ?? 10,
      default: value,
    };
  }
  return null;
}

/** The property every alternative fixes to a constant, if there is one. */
function unionTag(alternatives: JsonSchema[]): string | null {
  const first = alternatives[0]?.properties;
  if (!first) return null;
  for (const [name, property] of Object.entries(first)) {
    if (property.const === undefined) continue;
    if (alternatives.every((option) => option.properties?.[name]?.const !== undefined)) return name;
  }
  return null;
}

/** The fields of an object schema, in the schema's order, leaving out `skip`. */
export function fieldsOf(schema: JsonSchema, skip: readonly string[] = [], parent = ''): Field[] {
  const fields: Field[] = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (skip.includes(key)) continue;
    const field = fieldOf(key, property, parent);
    if (field !== null) fields.push(field);
  }
  return fields;
}

/** Every field at its default, as one object. */
export function defaultsOf(fields: readonly Field[]): FormObject {
  const values: FormObject = {};
  for (const field of fields) values[field.key] = structuredClone(field.default);
  return values;
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const cache = new Map<string, Field[]>();

/**
 * Parts of a config that are not house rules: the game, its variant and its number of
 * players are the form chosen above the rules, and `paced` (the trick and hand-end pauses),
 * every game's one table option, is the server's to set for every new game
 * (rules-form.test.ts checks a game's table options are all here).
 */
export const NOT_HOUSE_RULES: readonly string[] = ['game', 'variant', 'players', 'paced'];

/** The house-rule fields of a rule set (everything but NOT_HOUSE_RULES). */
export function ruleFields(ruleSet: RuleSet): Field[] {
  let fields = cache.get(ruleSet);
  if (fields === undefined) {
    fields = fieldsOf(jsonSchemaOf(RULE_SCHEMAS[ruleSet]), NOT_HOUSE_RULES);
    cache.set(ruleSet, fields);
  }
  return fields;
}

/** The table's own settings (seat grace period, bot stand-in, turn timer). */
export function settingsFields(): Field[] {
  let fields = cache.get('settings');
  if (fields === undefined) {
    // The trick pause's override is for tests, the bench and the API: the page sets the pace.
    fields = fieldsOf(jsonSchemaOf(tableSettingsSchema), ['trickPauseMs'], 'settings');
    cache.set('settings', fields);
  }
  return fields;
}

/** Form values for a config the table already has (missing options take their default). */
export function valuesFrom(fields: readonly Field[], current: unknown): FormObject {
  const values = defaultsOf(fields);
  const given = asObject(current);
  for (const field of fields) {
    if (field.key in given) values[field.key] = structuredClone(given[field.key]!);
  }
  return values;
}

/** The same union value switched to another alternative, its own fields at their defaults. */
export function switchVariant(
  field: Extract<Field, { kind: 'union' }>,
  tag: string,
  current: FormObject,
): FormObject {
  if (current[field.tag] === tag) return current;
  const variant = field.variants.find((option) => option.tag === tag);
  if (variant === undefined) return current;
  const defaults = asObject(field.default);
  const base = defaults[field.tag] === tag ? defaults : {};
  const next: FormObject = { [field.tag]: tag };
  for (const inner of variant.fields) {
    next[inner.key] = structuredClone(base[inner.key] ?? inner.default);
  }
  return next;
}

/** Every field of a tree, nested ones included (a union's fields of every alternative). */
export function walkFields(fields: readonly Field[]): Field[] {
  return fields.flatMap((field) => {
    if (field.kind === 'group' || field.kind === 'list') return [field, ...walkFields(field.fields)];
    if (field.kind === 'union') {
      return [field, ...walkFields(field.variants.flatMap((option) => option.fields))];
    }
    return [field];
  });
}
