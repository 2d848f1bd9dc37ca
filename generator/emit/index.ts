/**
 * Every artifact the generator writes, one emitter each. Adding an artifact means adding an
 * emitter here; no other emitter changes.
 */
import type { Emitter } from './emitter.js';
import { operationsEmitter } from './operations.js';
import { typesEmitter } from './types.js';

export const emitters: Emitter[] = [
  typesEmitter,
  operationsEmitter,
];
