import fc from 'fast-check';

/** The subset of JSON Schema (OpenAPI 3.0 flavour) that the zod request schemas turn into. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  additionalProperties?: boolean | JsonSchema;
}

/**
 * What a careless or hostile client sends instead of a well-formed value: NUL and other control
 * characters (PostgreSQL refuses NUL in text), huge strings, numbers written as text, out-of-range
 * and non-integer numbers, arrays and objects for scalars, and ids no one owns.
 */
const hostile = fc.constantFrom<unknown>(
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b[31m\u007f',
  'line\r\nbreak\ttab',
  'x'.repeat(70_000),
  '',
  ' ',
  '1e3',
  '0x10',
  ' 1',
  '-1',
  '9007199254740993',
  "'; select pg_sleep(1); --",
  '%',
  '\ud800',
  -1,
  0,
  1.5,
  2 ** 31,
  2 ** 53,
  -(2 ** 63),
  1e308,
  123_456_789,
  [2],
  [],
  {},
  { id: 1 },
  null,
  true,
);

function bounds(s: JsonSchema, fallback: [number, number]): [number, number] {
  let lo = s.minimum ?? fallback[0];
  let hi = s.maximum ?? fallback[1];
  if (s.exclusiveMinimum === true) lo += 1;
  else if (typeof s.exclusiveMinimum === 'number') lo = s.exclusiveMinimum + 1;
  if (s.exclusiveMaximum === true) hi -= 1;
  else if (typeof s.exclusiveMaximum === 'number') hi = s.exclusiveMaximum - 1;
  return [Math.max(lo, Number.MIN_SAFE_INTEGER), Math.min(hi, Number.MAX_SAFE_INTEGER)];
}

function integerOf(s: JsonSchema): fc.Arbitrary<number> {
  const [lo, hi] = bounds(s, [-1000, 1_000_000]);
  if (lo > hi) return fc.constant(lo);
  // Mostly small values near the lower bound (ids 1..20 exist in a fresh database), sometimes any.
  const near = fc.integer({ min: lo, max: Math.min(hi, lo + 20) });
  const any = fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number);
  return fc.oneof({ arbitrary: near, weight: 3 }, { arbitrary: any, weight: 1 });
}

/** Free text: no enum, format or pattern other than the shared control-character refusal. */
function isFreeText(s: JsonSchema): boolean {
  return !s.enum && !s.format && (!s.pattern || s.pattern.includes('\\u0000'));
}

function stringOf(s: JsonSchema, nul: boolean): fc.Arbitrary<string> {
  if (nul && isFreeText(s)) return stringOf(s, false).map((v) => `${v.slice(0, -1)}\u0000`);
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 40));
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri') return fc.webUrl();
  if (s.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length <= (s.maxLength ?? 1e9));
    } catch {
      // A pattern fast-check cannot read: plain text below still exercises the route.
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

/**
 * A value of the schema's shape; with `hostility` > 0 (of 10) any value may be a hostile one
 * instead. `nul` fills every optional property and ends every free-text string with a NUL, the
 * one character PostgreSQL always refuses, while the rest stays valid so it reaches the service.
 */
export function valueOf(s: JsonSchema, hostility: number, nul = false): fc.Arbitrary<unknown> {
  const complete = nul;
  const spoil = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
    hostility > 0
      ? fc.oneof(
          { arbitrary: arb, weight: 10 - hostility },
          { arbitrary: hostile, weight: hostility },
        )
      : arb;
  if (s.allOf?.length) return valueOf(Object.assign({}, ...s.allOf) as JsonSchema, hostility, nul);
  const options = s.anyOf ?? s.oneOf;
  if (options?.length) {
    const arb = fc.oneof(...options.map((o) => valueOf(o, hostility, nul)));
    return s.nullable && !complete ? fc.option(arb, { nil: null }) : arb;
  }
  if (s.const !== undefined) return spoil(fc.constant(s.const));
  if (s.enum?.length) return spoil(fc.constantFrom(...s.enum));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  let arb: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string':
      arb = spoil(stringOf(s, nul));
      break;
    case 'integer':
      arb = spoil(integerOf(s));
      break;
    case 'number': {
      const [lo, hi] = bounds(s, [-1e6, 1e9]);
      arb = spoil(fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }));
      break;
    }
    case 'boolean':
      arb = spoil(fc.boolean());
      break;
    case 'null':
      arb = fc.constant(null);
      break;
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 4, 4));
      arb = spoil(
        fc.array(valueOf(s.items ?? {}, hostility, nul), {
          minLength: complete ? Math.max(minLength, 1) : minLength,
          maxLength,
        }),
      );
      break;
    }
    case 'object':
    case undefined:
      if (!s.properties) {
        // A record (`z.record`): keys and values of any text, values often hostile.
        const values = typeof s.additionalProperties === 'object' ? s.additionalProperties : {};
        arb =
          type === 'object' || s.additionalProperties
            ? spoil(
                fc.dictionary(stringOf({ maxLength: 12 }, nul), valueOf(values, hostility, nul), {
                  maxKeys: 4,
                }),
              )
            : hostile;
        break;
      }
      arb = spoil(
        fc.record(
          Object.fromEntries(
            Object.entries(s.properties).map(([k, v]) => [k, valueOf(v, hostility, nul)]),
          ),
          complete ? {} : { requiredKeys: (s.required ?? []).filter((k) => k in s.properties!) },
        ),
      );
      break;
    default:
      arb = hostile;
  }
  return s.nullable && !complete ? fc.option(arb, { nil: null }) : arb;
}

/** A query or path parameter as a client writes it: text, arrays as repeated keys. */
export function asParam(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map((v) => asParam(v)).flat();
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
