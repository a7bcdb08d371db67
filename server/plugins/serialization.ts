// Reply serialisation: fast-json-stringify from each route's response schema, with our date
// formats. A schema object compiles once for the process, as validation does (validation.ts).
import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { FORMATS } from './validation.ts';

type Serialize = (data: unknown) => string;

const compiled = new WeakMap<object, Serialize>();

export function registerSerialization(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema }) => {
    let serialize = compiled.get(schema);
    if (!serialize) {
      serialize = fastJsonStringify(schema, { ajv: { formats: FORMATS } });
      compiled.set(schema, serialize);
    }
    return serialize;
  });
}
