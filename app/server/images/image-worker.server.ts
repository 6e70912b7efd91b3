import { rm } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { v7 as uuidv7 } from "uuid";
import { listProcessingImageIds, updateImageStatus } from "../db/images.server";
import type { Image } from "../db/schema.server";
import { logger } from "../logger.server";
import { type UploadedImage, createImageFromUpload } from "./create-image.server";
import { finishImageVariants } from "./finish-image.server";
import { getMasterFile } from "./master-image.server";
import type { ImagePipeline } from "./store-variant.server";

export type ImageWorkerOptions = {
  /** A failed image is tried again after this delay times the attempt number. */
  retryDelayMs?: number;
  /** After this many failed attempts the image is marked failed and keeps the variants it has. */
  maxAttempts?: number;
};

export type ImageWorker = {
  /** Creates the image and its first variants now (one upload at a time), then queues the rest. */
  addImage(input: UploadedImage): Promise<Image>;
  /** Queues an image whose variants are unfinished. */
  enqueue(imageId: string): void;
  /** Queues every image the database says is unfinished; returns their ids. */
  resume(): Promise<string[]>;
  /** Resolves once nothing is queued, running or waiting to be retried. */
  idle(): Promise<void>;
  /** Finishes the variant being encoded and stops; the rest waits in the database for resume(). */
  stop(): Promise<void>;
};

/**
 * The background half of the pipeline: a queue worked through one image and one variant at a time, so a
 * small machine never encodes two large AVIFs at once. All its state that matters is in the database
 * (the image's status and recorded variants) and the master files in the job folder; the queue in memory
 * is only the order of work.
 */
export function createImageWorker(pipeline: ImagePipeline, options: ImageWorkerOptions = {}): ImageWorker {
  const retryDelayMs = options.retryDelayMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const queue: string[] = [];
  // Images in their first phase: the upload request is making their variants, so the queue leaves them alone.
  const creating = new Set<string>();
  const attempts = new Map<string, number>();
  const retries = new Set<NodeJS.Timeout>();
  let running: Promise<void> | null = null;
  let firstPhases: Promise<unknown> = Promise.resolve();
  let stopping = false;

  function enqueue(imageId: string) {
    if (stopping || creating.has(imageId) || queue.includes(imageId)) return;
    queue.push(imageId);
    kick();
  }

  function kick() {
    running ??= drain().finally(() => {
      running = null;
      // Something queued while the last item was finishing would otherwise wait for the next enqueue.
      if (queue.length > 0 && !stopping) kick();
    });
  }

  async function giveUp(imageId: string, error: unknown) {
    logger.error({ err: error, imageId }, "image variants failed; keeping the variants already stored");
    attempts.delete(imageId);
    await updateImageStatus(pipeline.db, imageId, "failed");
    await rm(getMasterFile(pipeline.jobDirectory, imageId), { force: true });
  }

  async function work(imageId: string) {
    try {
      await finishImageVariants(pipeline, imageId, isStopping);
      attempts.delete(imageId);
    } catch (error) {
      const attempt = (attempts.get(imageId) ?? 0) + 1;
      attempts.set(imageId, attempt);
      if (attempt >= maxAttempts) {
        await giveUp(imageId, error).catch((e: unknown) => logger.error({ err: e, imageId }, "could not mark image failed"));
        return;
      }
      logger.warn({ err: error, imageId, attempt }, "image variants failed; will try again");
      const timer = setTimeout(() => {
        retries.delete(timer);
        enqueue(imageId);
      }, retryDelayMs * attempt);
      retries.add(timer);
    }
  }

  // Functions rather than bare variables in the loop conditions: other code changes these state flags meanwhile.
  const isStopping = () => stopping;
  const isBusy = () => running !== null || queue.length > 0 || retries.size > 0 || creating.size > 0;

  async function drain() {
    for (let imageId = queue.shift(); imageId !== undefined && !isStopping(); imageId = queue.shift()) {
      await work(imageId);
    }
  }

  return {
    enqueue,

    async addImage(input) {
      const id = uuidv7();
      creating.add(id);
      const phase = firstPhases.then(() => createImageFromUpload(pipeline, input, id));
      firstPhases = phase.catch(() => {});
      try {
        const image = await phase;
        creating.delete(id);
        enqueue(id);
        return image;
      } finally {
        creating.delete(id);
      }
    },

    async resume() {
      const ids = await listProcessingImageIds(pipeline.db);
      for (const id of ids) enqueue(id);
      return ids;
    },

    async idle() {
      while (isBusy()) await (running ?? sleep(20));
    },

    async stop() {
      stopping = true;
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
      queue.length = 0;
      await running;
    },
  };
}
