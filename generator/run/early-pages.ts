/**
 * Pages an emitter that streams them (Emitter.streamsPages) hands over as they are made
 * (EmitContext.writeEarly), sent to the writer thread in small batches while the rest is made:
 * creating thousands of files then overlaps the emit instead of following it.
 */
import type { GeneratedFile } from '../common/generated-file.js';
import type { OutputSink } from '../write/index.js';

export interface EarlyPages {
  /** EmitContext.writeEarly */
  take(files: GeneratedFile[]): void;
  /** the pages not sent yet, and what was sent: once the emitter's result is in */
  drain(): { files: GeneratedFile[]; sent: number; bytes: number };
}

/** Files of an early batch (handed to the writer thread as `early`, however small). */
const EARLY_WRITE_BATCH = 50;

export function earlyPages(sink: OutputSink, dir: string): EarlyPages {
  const waiting: GeneratedFile[] = [];
  let sent = 0;
  let bytes = 0;
  return {
    take(files) {
      waiting.push(...files);
      if (waiting.length < EARLY_WRITE_BATCH) return;
      const batch = waiting.splice(0, waiting.length);
      bytes += sink.add(dir, batch, undefined, true);
      sent += batch.length;
    },
    drain: () => ({ files: waiting.splice(0, waiting.length), sent, bytes }),
  };
}
