/**
 * What an operation page carries for its request samples (request-samples.ts): each value once
 * (a pair or a JSON body equal to the client call's argument refers to it; the method and the
 * credentials are the page's, not each sample's), and spelled from that data the fetch and
 * Python samples are the very texts spelled from the wire model's parts before packing.
 */
import { describe, expect, it } from 'vitest';
import { requestParts } from '../../generator/emit/docs/code-samples.js';
import { encodeSampleInput } from '../../generator/emit/docs/curl-sample.js';
import { sampleViews } from '../../generator/emit/docs/request-samples.js';
import {
  fetchSample,
  pythonSample,
  spellSample,
  type PairData,
} from '../../generator/emit/docs/sample-text.js';
import { requestSamples } from '../../generator/model/lookup.js';
import { sampleCredentials } from '../../generator/model/security.js';
import { loadOrThrow, PROJECT_CONTRACT } from '../load-contract.js';

const BASE = 'https://chat.example.com/api/v1';

describe('the samples data of our operation pages', async () => {
  const { model } = await loadOrThrow(PROJECT_CONTRACT, { skipSchemaCheck: true });
  const pages = model.operations.map((op) => {
    const inputs = requestSamples(model, op);
    const target = { baseUrl: BASE, clientImport: './generated/client.js' };
    const { data } = sampleViews(model, op, inputs, target, (m) => {
      throw new Error(m);
    });
    const wire = {
      baseUrl: BASE,
      auth: op.auth,
      credentials: sampleCredentials(model.securitySchemes, op),
    };
    return {
      op,
      inputs,
      data,
      parts: inputs.map((i) => requestParts(op.runtime, i, encodeSampleInput(op.runtime, i), wire)),
    };
  });

  it('spells fetch and Python from the page data as from the wire model’s parts', () => {
    let spelled = 0;
    for (const { data, parts } of pages)
      data.samples.forEach((s, i) => {
        const texts = spellSample(data, s!);
        expect(texts.fetch).toBe(fetchSample(parts[i]));
        expect(texts.python).toBe(pythonSample(parts[i]));
        spelled++;
      });
    expect(spelled).toBeGreaterThan(20);
  });

  it('carries each value once: pairs and JSON bodies equal to an argument refer to it', () => {
    let referred = 0;
    for (const { data } of pages)
      for (const s of data.samples) {
        const body = s!.parts.body;
        const pairs: PairData[] = [
          ...(s!.parts.query ?? []),
          ...(body?.kind === 'pairs' || body?.kind === 'form-data' ? body.pairs : []),
        ];
        for (const [name, value] of pairs) {
          if (value === undefined) referred++;
          else expect(s!.args?.[name]).not.toBe(value);
        }
        if (body?.kind === 'json') expect(Object.values(s!.args ?? {})).not.toContain(body.value);
        // The method and the credentials are the page's (a sample is its arguments and parts).
        expect(Object.keys(s!).filter((k) => k !== 'args')).toEqual(['parts']);
        expect(Object.keys(s!.parts)).not.toContain('method');
        expect(Object.keys(s!.parts)).not.toContain('auth');
      }
    expect(referred).toBeGreaterThan(20);
  });
});
