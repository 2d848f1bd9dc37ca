/**
 * Answers judged by what the contract documents for their status: JSON documented and
 * something else answered is `not-json` (an HTML error page, an empty body); documented without
 * content (a `201` with only a `Location` header) an empty answer is fine; documented as text
 * (`text/vtt`) the answer must carry one of the documented media types, and is not parsed.
 */
import { describe, expect, it } from 'vitest';
import { judge, type JudgeRules } from '../../contract-runner/judge.js';
import type { Answer } from '../../contract-runner/request.js';
import type { OperationInfo } from '../../runtime/operation-info.js';

const op: OperationInfo = {
  operationId: 'getCaptions',
  method: 'GET',
  path: '/captions/{id}',
  fields: [],
  auth: 'none',
  errorCodes: [],
  statuses: ['200', '201', '404'],
  responseContent: { '200': ['application/x-subrip', 'text/vtt'], '201': [] },
};
const validator = { validateResponse: () => ({ valid: true as const }) };
const rules: JudgeRules = { errors: { listsCodes: false, envelope: false } };
const answer = (status: number, contentType: string, text: string): Answer => ({
  status,
  contentType,
  text,
  ms: 1,
});
const problems = (a: Answer) =>
  judge(op, a, 'any', validator, rules).problems.map((p) => `${p.kind}: ${p.message}`);

describe('answers judged by the media types documented for their status', () => {
  it('JSON documented, something else answered: not-json, with what came', () => {
    expect(problems(answer(404, 'text/html', '<html><h1>Not Found</h1></html>'))).toEqual([
      'not-json: 404 answer is not JSON (text/html): <html><h1>Not Found</h1></html>',
    ]);
    expect(problems(answer(404, '', ''))).toEqual([
      'not-json: 404 answer is not JSON (no content type): (empty)',
    ]);
  });

  it('no content documented: an empty answer is fine', () => {
    expect(problems(answer(201, '', ''))).toEqual([]);
  });

  it('text documented: one of its media types is fine, anything else is content-type', () => {
    expect(problems(answer(200, 'text/vtt; charset=utf-8', 'WEBVTT\n'))).toEqual([]);
    expect(problems(answer(200, '', ''))).toEqual([
      "content-type: a 200 answer labelled '(none)', not one the contract documents (application/x-subrip, text/vtt)",
    ]);
    expect(problems(answer(200, 'application/json', '{"a":1}'))).toEqual([
      "content-type: a 200 answer labelled 'application/json', not one the contract documents (application/x-subrip, text/vtt)",
    ]);
  });
});
