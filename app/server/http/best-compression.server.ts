import { logger } from "../logger.server";
import { type CachedPage, type PageStore, compressBest } from "./page-cache.server";

/**
 * Compresses kept pages again at the best levels (Brotli 11, gzip 9), off the request path: one page at a time (one
 * thread of the pool, so requests keep the others and the main thread), at most `limit` waiting. When the queue is
 * full a page is left at its fast levels until it is rendered again: a flood of renders can make the best
 * compression wait or be skipped, never pile up. A page that left the store before its turn is skipped.
 */
export type BestCompressionQueue = {
  add(key: string, page: CachedPage): void;
  /** Resolves once nothing is waiting or running (tests, benchmarks). */
  idle(): Promise<void>;
  /** Pages not queued because the queue was full, since the start. */
  skipped(): number;
};

export function createBestCompressionQueue(store: PageStore, limit = 16): BestCompressionQueue {
  const waiting = new Map<string, CachedPage>();
  let running: Promise<void> | null = null;
  let skipped = 0;

  async function drain(): Promise<void> {
    for (const [key, page] of waiting) {
      waiting.delete(key);
      if (store.peek(key) !== page) continue;
      try {
        await compressBest(page);
        // Set again so the store counts the new (smaller) size; only if nothing replaced it meanwhile.
        if (store.peek(key) === page) store.set(key, page);
      } catch (error) {
        logger.warn({ err: error, key }, "could not compress a kept page at the best level");
      }
    }
  }

  const kick = (): void => {
    running ??= drain().finally(() => {
      running = null;
      if (waiting.size > 0) kick();
    });
  };

  return {
    add(key, page) {
      if (!waiting.has(key) && waiting.size >= limit) {
        skipped += 1;
        return;
      }
      waiting.set(key, page);
      kick();
    },
    async idle() {
      while (running) await running;
    },
    skipped: () => skipped,
  };
}
