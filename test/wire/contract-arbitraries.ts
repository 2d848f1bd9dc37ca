/** Inputs for the operations of the real table (generated/operations.ts), with what decode must give back. */
import fc from 'fast-check';
import type { DecodedRequest, RequestInput, WireOperation } from '../../runtime/wire.js';
import { valuesArb, type Target } from './arbitraries.js';

export interface ContractCase {
  input: RequestInput;
  expected: DecodedRequest;
  mediaType?: string;
}

export function contractCaseArb(op: WireOperation): fc.Arbitrary<ContractCase> {
  const of = (location: string) => op.fields.filter((field) => field.in === location);
  const mediaTypes = op.body?.kind === 'form' ? op.body.mediaTypes : [undefined];
  return fc.constantFrom(...mediaTypes).chain((mediaType) => {
    const target: Target =
      mediaType === undefined
        ? 'query'
        : mediaType.startsWith('multipart/')
          ? 'multipart'
          : 'urlencoded';
    return fc
      .tuple(
        valuesArb(of('path'), target),
        valuesArb(of('query'), target),
        valuesArb(of('body'), target),
        valuesArb(of('header'), 'query'),
      )
      .map(([path, query, body, headers]) => {
        const form = op.body?.kind === 'form' ? body : undefined;
        return {
          mediaType,
          input: { path, query, body: form, headers },
          expected: { path, query, body: form, headers },
        };
      });
  });
}
