import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as the document carries it. */
export type JsonSchemaObject = Readonly<Record<string, unknown>>;

/**
 * A contract's valibot schema as JSON Schema 2020-12. A request is described as the caller sends
 * it (`input`: before the contract's trims and defaults), an answer as the API gives it
 * (`output`). What JSON Schema cannot say (a `v.check` such as "an http(s) address", a
 * transform) is left out rather than failing the whole document: the API still enforces it, and
 * its 400 names the field.
 */
export const jsonSchemaOf = (schema: v.GenericSchema, mode: 'input' | 'output'): JsonSchemaObject => {
  const converted: Record<string, unknown> = {
    ...toJsonSchema(schema, { target: 'draft-2020-12', typeMode: mode, errorMode: 'ignore' }),
  };
  // The document's dialect already is 2020-12 (OpenAPI 3.1's default): no per-schema `$schema`.
  delete converted.$schema;
  return converted;
};

/** A query schema's fields, as OpenAPI query parameters (every value arrives as a string). */
export const queryParametersOf = (schema: v.GenericSchema): Record<string, unknown>[] => {
  const objectSchema = jsonSchemaOf(schema, 'input');
  const properties = (objectSchema.properties ?? {}) as Record<string, JsonSchemaObject>;
  const required = new Set((objectSchema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
};
