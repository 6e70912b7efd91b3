import { setTimeout as sleep } from "node:timers/promises";
import { v7 as uuidv7 } from "uuid";
import {
  claimNextImageJob,
  recordImageJobFailure,
  releaseImageLease,
  releaseLeasesOf,
  renewImageLease,
} from "../db/image-jobs.server";
import { listProcessingImageIds, updateImageStatus } from "../db/images.server";
import type { Image } from "../db/schema.server";
import { logger } from "../logger.server";
import { type UploadedImage, createImageFromUpload } from "./create-image.server";
import { finishImageVariants } from "./finish-image.server";
import { makeMasterFromKeptUpload } from "./kept-upload.server";
import { deleteMaster } from "./master-image.server";
import type { ImagePipeline } from "./image-pipeline.server";

export type ImageWorkerOptions = {
  /**
   * Who this worker is in the database's leases: `{instance}/{run}`. The instance part stays the same across
   * restarts of one installation (see startImageJobs), so a restarted server frees what its last run held.
   */
  owner?: string;
  /** How long a claim holds without renewal; renewed before every variant. */
  leaseMs?: number;
  /** How often to look for jobs nobody is working on (a lapsed lease, a retry now due), besides being woken. */
  pollMs?: number;
  /** A failed image is tried again after this delay times the attempt number. */
  retryDelayMs?: number;
  /** After this many failed attempts the image is marked failed and keeps the variants it has. */
  maxAttempts?: number;
};

export type ImageWorker = {
  /** Creates the image and its first variants now (one upload at a time), then lets the rest be claimed. */
  addImage(input: UploadedImage): Promise<Image>;
  /** Looks for claimable work now (an upload finished, a retry is due). */
  enqueue(imageId?: string): void;
  /** Frees the jobs an earlier run of this instance held and starts on the unfinished images; returns their ids. */
  resume(): Promise<string[]>;
  /** Resolves once nothing is claimable, running or waiting to be retried by this worker. */
  idle(): Promise<void>;
  /** Finishes the variant being encoded, gives the job back and stops. */
  stop(): Promise<void>;
};

/**
 * The background half of the pipeline. The queue is the database: every image with status 'processing' is a job,
 * claimed with a lease (image-jobs.server), so any number of server instances on one database share the work and
 * each image is worked on by exactly one of them at a time. This worker does one image at a time, and its variants
 * two at a time but never two large ones (batchVariants), so a small machine never encodes two large AVIFs at once;
 * all its state that matters is in the database and the masters, so a crash loses at most the variants in hand.
 */
export function createImageWorker(pipeline: ImagePipeline, options: ImageWorkerOptions = {}): ImageWorker {
  const owner = options.owner ?? `worker-${uuidv7()}/1`;
  const ownerPrefix = `${owner.split("/")[0]}/`;
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const pollMs = options.pollMs ?? 30_000;
  const retryDelayMs = options.retryDelayMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 3;
  // Images in their first phase: the upload request is making their variants under its own lease.
  const creating = new Set<string>();
  const retries = new Set<NodeJS.Timeout>();
  let running: Promise<void> | null = null;
  let wanted = false;
  let firstPhases: Promise<unknown> = Promise.resolve();
  // Images whose first variants are stored, getting their master before being released to the background work.
  const handOvers = new Set<Promise<void>>();
  let stopping = false;
  const poll = setInterval(() => kick(), pollMs);
  poll.unref();

  function kick() {
    if (stopping) return;
    wanted = true;
    running ??= drain().finally(() => {
      running = null;
      // Woken while the last claim came back empty: look once more.
      if (wanted && !stopping) kick();
    });
  }

  async function giveUp(imageId: string, error: unknown) {
    logger.error({ err: error, imageId }, "image variants failed; keeping the variants already stored");
    await updateImageStatus(pipeline.db, imageId, "failed");
    await deleteMaster(pipeline.storage, pipeline.jobDirectory, imageId);
  }

  /** Asked before each variant: stop when shutting down or when the lease was lost, otherwise renew it. */
  const checkpoint = (imageId: string) => async () => {
    if (stopping) return true;
    if (await renewImageLease(pipeline.db, imageId, owner, leaseMs)) return false;
    logger.warn({ imageId }, "image job lease lost to another instance; leaving the image to it");
    return true;
  };

  async function work(imageId: string) {
    try {
      const result = await finishImageVariants(pipeline, imageId, checkpoint(imageId));
      if (result === "stopped") await releaseImageLease(pipeline.db, imageId, owner);
      if (result === "ready") logger.debug({ imageId, owner }, "image finished");
    } catch (error) {
      try {
        const attempt = await recordImageJobFailure(pipeline.db, imageId, owner);
        if (attempt >= maxAttempts) {
          await giveUp(imageId, error);
          return;
        }
        logger.warn({ err: error, imageId, attempt }, "image variants failed; will try again");
        // Given back with a date: no instance claims it before then, and later attempts wait longer.
        await releaseImageLease(pipeline.db, imageId, owner, Date.now() + retryDelayMs * attempt);
        scheduleRetry(retryDelayMs * attempt);
      } catch (bookkeeping) {
        // The database is failing too: the lease lapses by itself and the job is claimed again then.
        logger.error({ err: bookkeeping, imageId }, "could not record the failed image job");
      }
    }
  }

  function scheduleRetry(delay: number) {
    const timer = setTimeout(() => {
      retries.delete(timer);
      kick();
    }, delay + 5);
    retries.add(timer);
  }

  async function drain() {
    while (wanted && !stopping) {
      wanted = false;
      for (;;) {
        if (stopping) return;
        const imageId = await claimNextImageJob(pipeline.db, owner, leaseMs).catch((error: unknown) => {
          logger.error({ err: error }, "could not look for image jobs");
          return null;
        });
        if (!imageId) break;
        await work(imageId);
      }
    }
  }

  async function handOverImage(image: Image) {
    try {
      await makeMasterFromKeptUpload(pipeline, image);
    } catch (error) {
      // Tried again from the kept upload when the image's variants are made (finishImageVariants).
      logger.warn({ err: error, imageId: image.id }, "could not make the image's master yet");
    }
    try {
      await releaseImageLease(pipeline.db, image.id, owner);
    } catch (error) {
      // The lease lapses by itself and the image is claimed then.
      logger.error({ err: error, imageId: image.id }, "could not release the new image's lease");
    }
    kick();
  }

  const isBusy = () => running !== null || retries.size > 0 || creating.size > 0;

  return {
    enqueue: () => kick(),

    async addImage(input) {
      const id = uuidv7();
      creating.add(id);
      const phase = firstPhases.then(() =>
        createImageFromUpload(pipeline, input, id, { leaseOwner: owner, leaseUntil: new Date(Date.now() + leaseMs).toISOString() }),
      );
      firstPhases = phase.catch(() => {});
      let image: Image;
      try {
        image = await phase;
      } catch (error) {
        creating.delete(id);
        throw error;
      }
      // The admin has the answer; the master is made now, still under this upload's lease (so another instance
      // does not start on the image without it), then the image goes to the background work like any other.
      const handOver = handOverImage(image).finally(() => {
        creating.delete(id);
        handOvers.delete(handOver);
      });
      handOvers.add(handOver);
      return image;
    },

    async resume() {
      const freed = await releaseLeasesOf(pipeline.db, ownerPrefix);
      if (freed > 0) logger.info({ images: freed }, "freed image jobs held by this instance before it restarted");
      const ids = await listProcessingImageIds(pipeline.db);
      kick();
      return ids;
    },

    async idle() {
      while (isBusy()) await (running ?? sleep(20));
    },

    async stop() {
      stopping = true;
      clearInterval(poll);
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
      await Promise.all([...handOvers]);
      await running;
    },
  };
}
