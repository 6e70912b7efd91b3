import { availableParallelism } from "node:os";
import sharp from "sharp";

// No libvips operation cache: every upload is decoded and encoded once, so it only held on to pixels, about 25 MB at
// the peak of a 12 MP photo's largest AVIF (docs/decisions/018).
sharp.cache(false);

/** More pictures are waiting to be decoded than the queue holds: the request is refused rather than left to pile up. */
export class DecodeQueueFullError extends Error {
  constructor() {
    super("The server is busy with other pictures right now. Please try again in a minute.");
    this.name = "DecodeQueueFullError";
  }
}

export type DecodeQueue = {
  /**
   * Runs `work` once fewer than `concurrency` decodes are running. Work for a waiting visitor is refused with
   * DecodeQueueFullError when `maxWaiting` are already waiting; `background` work (the image worker's
   * encodes, which come at most two at a time) always waits its turn.
   */
  run<T>(work: () => Promise<T>, options?: { background?: boolean }): Promise<T>;
  readonly running: number;
  readonly waiting: number;
};

export function createDecodeQueue({ concurrency, maxWaiting }: { concurrency: number; maxWaiting: number }): DecodeQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  // A finishing job hands its slot straight to the first in line (still counted as running): were it freed first,
  // a job arriving before that waiter wakes would take it, overtaking the line and running one over the limit.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(work, options = {}) {
      if (running < concurrency) {
        running++;
      } else {
        if (!options.background && waiting.length >= maxWaiting) throw new DecodeQueueFullError();
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

const CPUS = availableParallelism();

/**
 * The process's one queue for sharp: every decode and encode of a picture someone sent (gallery uploads, profile
 * pictures, any later upload form) runs through it, as many at a time as there are processors. Each libvips job
 * already uses every core, so more at once only adds memory: a burst of uploads waits here instead of decoding
 * side by side until the machine runs out of memory.
 */
export const decodeQueue = createDecodeQueue({ concurrency: CPUS, maxWaiting: CPUS * 8 });

/** Runs a sharp job through the process's decode queue (see decodeQueue). */
export function runDecode<T>(work: () => Promise<T>, options?: { background?: boolean }): Promise<T> {
  return decodeQueue.run(work, options);
}
