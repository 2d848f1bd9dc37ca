/**
 * Every artifact the generator writes, one emitter each. Adding an artifact means adding an
 * emitter here; no other emitter changes.
 */
import type { Emitter } from './emitter.js';
import { clientEmitter } from './client.js';
import { contractEmitter } from './contract/index.js';
import { docsEmitter } from './docs/index.js';
import { mcpEmitter } from './mcp/index.js';
import { mswEmitter } from './msw.js';
import { operationsEmitter } from './operations.js';
import { runtimeEmitter } from './package.js';
import { prismEmitter } from './prism.js';
import { queryEmitter } from './query/index.js';
import { serverEmitter } from './server.js';
import { typesEmitter } from './types.js';
import { validatorsEmitter } from './validators.js';

export const emitters: Emitter[] = [
  typesEmitter,
  operationsEmitter,
  clientEmitter,
  queryEmitter,
  prismEmitter,
  contractEmitter,
  validatorsEmitter,
  serverEmitter,
  runtimeEmitter,
  mswEmitter,
  mcpEmitter,
  docsEmitter,
];
