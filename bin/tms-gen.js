#!/usr/bin/env node
// The generator is TypeScript; tsx compiles it on the fly so there is no build step to forget.
import { register } from 'tsx/esm/api';

register();
process.env.TMS_GEN_MAIN = '1';
await import('../generator/cli.ts');
