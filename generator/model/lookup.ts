/**
 * Schema lookups for emitters, by the model. They follow `$ref`s through the contract the model
 * was built from, so an emitter never holds the raw document (it is opaque outside model/ and
 * load/, and an ESLint rule keeps `.document` out of the emitters).
 */
import {
  responseSample,
  sampleInputs,
  type RequestSampleOptions,
  type SampleInput,
} from './samples.js';
import { collectProperties, deref } from './schema-facts.js';
import type { ApiModel, Operation } from './types.js';

/** The schema with its `$ref`s followed; undefined when a `$ref` leads nowhere. */
export function resolveSchema(
  model: ApiModel,
  schema: unknown,
): Record<string, unknown> | undefined {
  return deref(model.document, schema);
}

/** Properties of an object schema, `allOf` members merged (model/schema-facts.ts). */
export function propertiesOf(
  model: ApiModel,
  schema: Record<string, unknown>,
): ReturnType<typeof collectProperties> {
  return collectProperties(model.document, schema);
}

/** The operation's sample requests (model/samples.ts): the contract's examples, else built ones. */
export function requestSamples(
  model: ApiModel,
  op: Operation,
  opts: RequestSampleOptions = {},
): SampleInput[] {
  return sampleInputs(op, model.document, opts);
}

/** A response body made up from its schema (model/samples.ts), for a response with no example. */
export function responseSampleOf(model: ApiModel, schema: unknown): unknown {
  return responseSample(schema, model.document);
}
