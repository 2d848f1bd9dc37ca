/**
 * Chains through `Location` headers, and updates read back, on a contract without scenarios:
 * Authentiq's client registry (a breadth document) creates a client with `201` and a `Location`
 * header and no body, so only the header can lead to the new client. Against an in-process
 * registry that keeps what it is given, the runner follows the header to read, update and
 * delete that client, lists the links as run, and reads back what the update wrote; a registry
 * that drops an updated field fails the update, naming the field. The JSON storage document's
 * create documents no `Location`: a server that answers one anyway (and no id in the body) is
 * still followed, the link listed as found at run time. Needs ../shared (TMS_SHARED).
 */
import type { RequestListener } from 'node:http';
import { describe, expect, it } from 'vitest';
import { formatTable } from '../../contract-runner/report.js';
import type { RunReport } from '../../contract-runner/run.js';
import { haveShared } from '../shared-folder.js';
import { breadthBindings, findingsOf, runChainAgainst } from './chains.js';

const HAVE_BREADTH = haveShared(
  'the runner Location-header tests on breadth documents',
  'specs',
  'breadth',
);

type Obj = Record<string, unknown>;
const TOKEN = 'registration-token';

function readJson(req: Parameters<RequestListener>[0]): Promise<Obj> {
  return new Promise((ok) => {
    let text = '';
    req.on('data', (c) => (text += String(c)));
    req.on('end', () => {
      try {
        ok(JSON.parse(text) as Obj);
      } catch {
        ok({});
      }
    });
  });
}

/** An error as both of the document's error schemas have it (ProblemDetail, OAuth2Error). */
const problem = (status: number, error: string) => ({ type: 'about:blank', status, error });

/** Authentiq's client registry in memory; `drop-update` keeps the old client_name on PUT. */
function registry(fault?: 'drop-update'): RequestListener {
  const clients = new Map<string, Obj>();
  let next = 1;
  return async (req, res) => {
    const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(
        status,
        body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      );
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (req.headers.authorization !== TOKEN) {
      req.resume();
      return answer(401, problem(401, 'invalid_token'));
    }
    const path = (req.url ?? '').split('?')[0];
    const sent = await readJson(req);
    if (req.method === 'POST' && path === '/client') {
      const id = `c${next++}`;
      clients.set(id, { ...sent, client_id: id });
      return answer(201, undefined, { location: `http://${req.headers.host}/client/${id}` });
    }
    if (req.method === 'GET' && path === '/client') return answer(200, [...clients.values()]);
    const m = /^\/client\/([^/]+)$/.exec(path);
    const client = m ? clients.get(m[1]) : undefined;
    if (!m || !client) return answer(404, problem(404, 'not_found'));
    if (req.method === 'GET') return answer(200, client);
    if (req.method === 'DELETE') {
      clients.delete(m[1]);
      return answer(204);
    }
    if (req.method === 'PUT') {
      const kept: Obj = { ...sent, client_id: m[1] };
      if (fault === 'drop-update') kept.client_name = client.client_name;
      clients.set(m[1], kept);
      // The answer shows what was sent: only a read shows what was kept.
      return answer(200, { ...sent, client_id: m[1] });
    }
    return answer(405, problem(405, 'invalid_request'));
  };
}

/** JSON storage whose create answers a Location header and no id (the contract documents neither). */
function locatedBins(): RequestListener {
  const bins = new Set<string>();
  let next = 1;
  return (req, res) => {
    req.resume();
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'POST' && path === '/api/json-storage/bin') {
      const id = `bin${next++}`;
      bins.add(id);
      return answer(200, { status: 0 }, { location: `/api/json-storage/bin/${id}` });
    }
    const m = /^\/api\/json-storage\/bin\/([^/]+)$/.exec(path);
    if (!m || !bins.has(m[1])) return answer(404, { message: 'Bin not found', status: 1 });
    if (req.method === 'DELETE') bins.delete(m[1]);
    return answer(200, req.method === 'GET' ? {} : { status: 0 });
  };
}

const run = async (file: string, listener: RequestListener, keys?: Record<string, string>) =>
  runChainAgainst(await breadthBindings(file), listener, {
    ...(keys ? { credentials: { keys } } : { unauthenticatedOnly: true }),
    throughClient: true,
  });

const ran = (report: RunReport, from: string) =>
  (report.links ?? [])
    .filter((l) => l.from === from && l.exercised)
    .map((l) => `${l.to} ${l.source}${l.atRunTime ? ' (at run time)' : ''}`)
    .sort();
describe.skipIf(!HAVE_BREADTH)('chains through Location headers', () => {
  const AUTHENTIQ = 'authentiq.io.json';
  const keys = { client_registration_token: TOKEN };

  it('a create answering 201 + Location: the chain reads, updates and deletes what it made', async () => {
    const report = await run(AUTHENTIQ, registry(), keys);
    const table = formatTable(report);
    expect(ran(report, 'createClient'), table).toEqual([
      'clientClient_id location',
      'getClient location',
      'updateClient location',
    ]);
    expect(table).toMatch(
      /^ {2}ran {2}createClient → getClient \(client_id ← header location; location\)$/m,
    );
    for (const id of ['createClient', 'getClient', 'updateClient', 'clientClient_id'])
      expect(findingsOf(report, id), table).toEqual([]);
    const notes = report.operations.flatMap((o) => o.notes);
    expect(notes, table).toContain('read back: what createClient created reads back as sent');
    expect(notes, table).toContain('read back: what updateClient updated reads back as sent');
  }, 120_000);

  it('an update that drops a field fails the update, naming the field', async () => {
    const report = await run(AUTHENTIQ, registry('drop-update'), keys);
    expect(findingsOf(report, 'updateClient'), formatTable(report)).toEqual([
      `read-back: what updateClient updated reads back as sent: field 'client_name' reads back "text", sent "text updated"`,
    ]);
  }, 120_000);

  it('a Location the contract does not document is followed and listed as found at run time', async () => {
    const report = await run('extendsclass.com__json-storage.json', locatedBins());
    const table = formatTable(report);
    expect(ran(report, 'postBin'), table).toEqual([
      'deleteBinId location (at run time)',
      'getBinId location (at run time)',
      'patchBinId location (at run time)',
      'putBinId location (at run time)',
    ]);
    expect(table).toMatch(/getBinId \(id ← header location; location, found at run time\)$/m);
    expect(report.summary.failed, table).toBe(0);
  }, 120_000);
});
