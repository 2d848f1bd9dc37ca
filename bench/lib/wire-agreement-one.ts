/**
 * One document of bench/wire-agreement.ts, in a process of its own so the bench can bound its
 * time and memory: checks it (test/client/agreement/check-document.ts) and streams what it finds
 * as JSON lines on stdout, one per operation, so a run stopped by the bound keeps its counts.
 *
 * `node --import tsx bench/lib/wire-agreement-one.ts <document> <scratch> <runs> <seconds> <every> [lenient]`
 */
import { rmSync } from 'node:fs';
import { checkDocument } from '../../test/client/agreement/check-document.js';

const [file, out, runs, seconds, every, lenient] = process.argv.slice(2);
const line = (value: unknown) => process.stdout.write(JSON.stringify(value) + '\n');
try {
  const counts = await checkDocument(file, out, {
    runs: Number(runs),
    every: Number(every),
    lenient: lenient === 'lenient',
    deadline: Date.now() + Number(seconds) * 1000,
    onStart: (total, chosen) => line({ start: { total, chosen } }),
    onOperation: (operation, calls, mismatches) => line({ operation, calls, mismatches }),
  });
  line({ end: { stopped: counts.stopped === true } });
} catch (error) {
  line({ failed: error instanceof Error ? error.message.split('\n')[0] : String(error) });
} finally {
  rmSync(out, { recursive: true, force: true });
}
