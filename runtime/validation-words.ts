/**
 * The words of every "this is not what the contract says" message, made here once for requests
 * and responses: the servers' 400 (`Invalid request: …`) and 500 (`Response validation failed
 * for …`), the contract runner's body-shape findings and the client's `invalid-response` error
 * say the same thing the same way.
 */

/** One problem a validator found: where (a JSON pointer into the checked value) and what. */
export interface Issue {
  pointer: string;
  message: string;
}

/**
 * One issue in words. The toolkit's validators (runtime/validators.ts) start each message with
 * the place (`/body/type must be one of …`); a message of another validator that does not is
 * given its pointer in front, so the place is said once, never twice.
 */
export function issueText(issue: Issue): string {
  const { pointer, message } = issue;
  if (pointer === '' || message.startsWith(pointer)) return message;
  return `${pointer} ${message}`;
}

/** Issues in words, `; `-separated; past `limit` of them, how many more there are. */
export function describeIssues(issues: readonly Issue[], limit = 5): string {
  const shown = issues.slice(0, limit).map(issueText);
  if (issues.length > limit) shown.push(`and ${issues.length - limit} more`);
  return shown.join('; ');
}

/** `Invalid request: …`: the message of the servers' 400 for a request the contract refuses. */
export function invalidRequestText(detail: string | readonly Issue[]): string {
  return `Invalid request: ${typeof detail === 'string' ? detail : describeIssues(detail)}`;
}

/** The message of an answer the contract does not allow (`where`: the operation and status). */
export function invalidResponseText(where: string, issues: readonly Issue[]): string {
  return `Response validation failed for ${where}: ${describeIssues(issues)}`;
}

/** `an application/json body`, `a text/plain body`: the article follows the media type's sound. */
export function bodyOfType(mediaType: string): string {
  return `${/^[aeiou]/i.test(mediaType) ? 'an' : 'a'} ${mediaType} body`;
}

/** `the answer is not valid JSON: …` and the same for a request body. */
export function notJsonText(what: 'the request body' | 'the answer', why: string): string {
  return `${what} is not valid JSON: ${why}`;
}
