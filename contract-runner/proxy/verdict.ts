/**
 * The proxy's judge of one exchange (a request and the answer a live server gave it), by the
 * rules every server of ours and the contract runner already apply, reused, not restated:
 *
 * - the request through the servers' one request pipeline (runtime/pipeline.ts: routing, the
 *   operation's credentials, the wire model's decoding, the generated validators, the feature
 *   level's parameters), with a dispatch step that only notes that the request got through;
 * - the answer by the runner's judge (contract-runner/judge.ts: documented status, JSON, the
 *   envelope, the body's shape at the server's level, documented error codes), expecting what
 *   the request's verdict says: any documented answer for a valid request, a fitting 4xx for an
 *   invalid one, 401/403 for missing credentials.
 */
import type { ErrorConventions } from '../../generator/model/types.js';
import { levelView, refusalMessage, type LevelTable } from '../../runtime/feature-levels.js';
import type { AuthScheme, OperationInfo, RefusalShape } from '../../runtime/operation-info.js';
import {
  createPipeline,
  type BodyRead,
  type Incoming,
  type Validators,
} from '../../runtime/pipeline.js';
import { judge, type Expectation } from '../judge.js';
import type { Answer } from '../request.js';
import { isObject } from '../../runtime/is-object.js';

export interface Exchange {
  method: string;
  /** as received: percent-encoded, without the query */
  path: string;
  query: string;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array | undefined;
  answer: Answer;
}

export interface ExchangeVerdict {
  /** undefined when no operation of the contract has this method and path */
  operationId?: string;
  problems: { kind: string; message: string }[];
  /** the request's parameters and body fields, decoded (for coverage); empty when refused */
  values: Record<string, unknown>;
  /** the answer's error code, if it carries one */
  code?: string;
}

export interface VerdictOptions {
  operations: Record<string, OperationInfo>;
  basePath: string;
  authSchemes?: Record<string, AuthScheme>;
  refusals?: RefusalShape;
  levels: LevelTable;
  validators: Pick<Validators, 'validateRequest' | 'validateResponse'>;
  errors: Pick<ErrorConventions, 'shape' | 'envelope' | 'listsCodes'>;
  /** judge as against a server of this feature level (default: the newest) */
  featureLevel?: number;
}

/** A judge of exchanges for one contract; made once, called for every request. */
export function createExchangeJudge(
  options: VerdictOptions,
): (exchange: Exchange) => Promise<ExchangeVerdict> {
  const level = levelView(options.levels, options.featureLevel ?? options.levels.newest);
  const operations = level.operationsAt(options.operations);
  const REACHED = 299;
  const pipeline = createPipeline<true, undefined>({
    operations,
    basePath: options.basePath,
    authSchemes: options.authSchemes,
    refusals: options.refusals,
    // Any well-formed credentials: the live server decides whether they are good.
    authenticate: () => true,
    // The pipeline's routing is the only one: the answer is judged against what it found.
    routed: (op, incoming) => {
      (incoming as BufferedIncoming).operation = op;
    },
    validateRequest: options.validators.validateRequest,
    checkRequest: (op, value) => {
      const refused = level.refusedValues(op.operationId, {
        ...value.path,
        ...value.query,
        ...recordOf(value.body),
      });
      return refused.length > 0 ? refusalMessage(refused, level.level) : undefined;
    },
    dispatch: ({ value, incoming }) => {
      (incoming as BufferedIncoming).decoded = {
        ...value.path,
        ...value.query,
        ...recordOf(value.body),
      };
      return { status: REACHED, body: null };
    },
    cors: false,
    logger: { error: () => {} },
  });
  const rules = {
    errors: options.errors,
    level: { level: level.level, table: options.levels },
  };
  return async (exchange) => {
    const incoming = new BufferedIncoming(exchange);
    const verdict = await pipeline.handle(incoming);
    const op = incoming.operation;
    if (op === undefined)
      return {
        values: {},
        problems: [
          {
            kind: 'undocumented-operation',
            message: `the contract has no operation ${exchange.method} ${exchange.path}`,
          },
        ],
      };
    const problems: ExchangeVerdict['problems'] = [];
    let expect: Expectation = 'any';
    if (verdict !== null && verdict !== 'outside' && verdict.status !== REACHED) {
      if (verdict.status === 401) expect = 'credentials';
      else {
        expect = 'invalid';
        problems.push({
          kind: 'request-invalid',
          message: `request: ${refusalText(verdict.body) ?? `refused with ${verdict.status}`}`,
        });
      }
    }
    const judged = judge(op, exchange.answer, expect, options.validators, rules);
    problems.push(...judged.problems);
    return { operationId: op.operationId, problems, values: incoming.decoded, code: judged.code };
  };
}

/** A request already read in full, as the pipeline reads requests. */
class BufferedIncoming implements Incoming<undefined> {
  readonly raw = undefined;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: Exchange['headers'];
  /** the operation the pipeline routed it to; undefined when the contract has none */
  operation: OperationInfo | undefined;
  /** what the pipeline decoded, once it got through */
  decoded: Record<string, unknown> = {};
  constructor(private readonly exchange: Exchange) {
    this.method = exchange.method;
    this.path = exchange.path;
    this.query = exchange.query;
    this.headers = exchange.headers;
  }
  header(name: string): string | undefined {
    const value = this.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  authorizationCount(): number {
    return this.headers.authorization === undefined ? 0 : 1;
  }
  readBody(maxBytes: number): BodyRead {
    const bytes = this.exchange.body;
    if (bytes && bytes.length > maxBytes) return { ok: false, reason: 'too-large' };
    return { ok: true, bytes };
  }
}

/** The message of a refusal body, whatever its shape (`msg`, `message`, `detail`...). */
function refusalText(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  for (const key of ['msg', 'message', 'detail', 'title', 'error'])
    if (typeof body[key] === 'string') return body[key];
  return undefined;
}

function recordOf(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}
