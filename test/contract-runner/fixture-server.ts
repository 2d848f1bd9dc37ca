/**
 * A small server for the runner's tests, built from the wire model and the contract's examples:
 * it routes, enforces Basic auth (`none`/`optional` respected), decodes with the wire model,
 * validates with the generated validators, and answers a valid request with the operation's
 * first success example, an invalid one with the 400 envelope. `faults` breaks it on purpose,
 * one operation per kind of break, so a test can check the runner reports exactly those.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiModel } from '../../generator/model/types.js';
import type { OperationInfo } from '../../runtime/operation-info.js';
import type { Validators } from '../../runtime/server.js';
import { parseBasicAuth, readBody, sendJson, splitUrl } from '../../runtime/server-http.js';
import { createRouter } from '../../runtime/server-router.js';
import { decodeRequest } from '../../runtime/wire.js';

export interface Faults {
  /** this operation's success body has one field of the wrong type */
  wrongType?: string;
  /** this operation's success body has no `result`/`msg` */
  dropEnvelope?: string;
  /** this operation answers every request with success, valid or not, credentials or not */
  acceptInvalid?: string;
}

const envelope = (code: string, msg: string) => ({ result: 'error', msg, code });

export async function startFixtureServer(
  model: ApiModel,
  operations: Record<string, OperationInfo>,
  validators: Validators,
  basePath: string,
  faults: Faults = {},
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const router = createRouter(Object.values(operations), basePath);
  const successBodies = new Map(
    model.operations.map((op) => [op.id, successExample(op.responses)]),
  );

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { path, query } = splitUrl(req);
    const route = router.match(req.method ?? 'GET', path);
    if (route.kind !== 'found') {
      req.resume();
      return sendJson(res, 404, envelope('NOT_FOUND', `no ${req.method} ${path}`));
    }
    const op = route.operation;
    const id = op.operationId;
    let body = structuredClone(successBodies.get(id)) as Record<string, unknown>;
    if (faults.wrongType === id) body = withWrongType(body);
    if (faults.dropEnvelope === id) {
      delete body.result;
      delete body.msg;
    }
    if (faults.acceptInvalid === id) {
      req.resume();
      return sendJson(res, 200, body);
    }
    if (op.auth !== 'none') {
      const credentials = parseBasicAuth(req.headers.authorization);
      const bad = credentials === null || (credentials !== undefined && credentials.apiKey === '');
      if (bad || (credentials === undefined && op.auth === 'required')) {
        req.resume();
        return sendJson(res, 401, envelope('UNAUTHORIZED', 'credentials missing or wrong'));
      }
    }
    const read = await readBody(req, 1024 * 1024);
    if (!read.ok) return sendJson(res, 413, envelope('REQUEST_TOO_LARGE', 'too large'));
    const decoded = await decodeRequest(
      op,
      {
        pathParams: route.pathParams,
        query,
        contentType: req.headers['content-type'],
        body: read.bytes,
      },
      { lenientLocation: op.method === 'PATCH' || op.method === 'DELETE' },
    );
    if (!decoded.ok)
      return sendJson(
        res,
        400,
        envelope('BAD_REQUEST', decoded.errors.map((e) => e.message).join('; ')),
      );
    const checked = validators.validateRequest(id, decoded.value);
    if (!checked.valid)
      return sendJson(
        res,
        400,
        envelope('BAD_REQUEST', checked.errors.map((e) => `${e.pointer} ${e.message}`).join('; ')),
      );
    sendJson(res, 200, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) =>
      sendJson(res, 500, envelope('INTERNAL_SERVER_ERROR', String(error))),
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}${basePath}`,
    stop: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

function successExample(responses: ApiModel['operations'][number]['responses']): unknown {
  const ok = responses
    .filter((r) => /^2/.test(r.status))
    .sort((a, b) => a.status.localeCompare(b.status))[0];
  const example = ok?.mediaTypes.flatMap((m) => m.examples)[0];
  return example?.value ?? { result: 'success', msg: '' };
}

/** The body with its first field beyond the envelope changed to another JSON type. */
function withWrongType(body: Record<string, unknown>): Record<string, unknown> {
  const key = Object.keys(body).find((k) => k !== 'result' && k !== 'msg');
  if (key === undefined) return { ...body, msg: 42 };
  const value = body[key];
  return {
    ...body,
    [key]:
      typeof value === 'string' ? 12345 : typeof value === 'number' ? String(value) : 'wrong type',
  };
}
