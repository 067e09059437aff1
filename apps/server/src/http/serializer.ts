import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';

type Serialize = (data: unknown) => string;
/**
 * Compiled once per schema object, not per route and app: schemas are module constants shared by
 * routes, and every app a process builds (the test suites build hundreds) would compile them again.
 */
const compiled = new WeakMap<z.ZodType, Serialize>();

/**
 * Response serializer: the route's zod schema becomes JSON Schema once at start-up and
 * fast-json-stringify writes only the declared fields. Re-validating every response with zod
 * cost a quarter of the CPU of a 140-row answer; the allow-list is what the schema is for.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJson(
      z.toJSONSchema(schema, {
        target: 'draft-07',
        io: 'output',
        unrepresentable: 'any',
      }) as object,
    ) as Serialize;
    compiled.set(schema, serialize);
  }
  return serialize;
};
