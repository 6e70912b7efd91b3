import { createHash, randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { getDb } from "../db/client.server";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";
import { getStorage } from "../storage/storage.server";
import { deleteStaleUploads, getUploadDirectory } from "../uploads/completed-uploads.server";
import { addMissingSizes } from "./add-missing-sizes.server";
import { deleteOrphanImageFiles } from "./delete-orphans.server";
import { type ImageWorker, createImageWorker } from "./image-worker.server";
import { getJobDirectoryIn } from "./master-image.server";
import type { ImagePipeline } from "./image-pipeline.server";

/** How often leftovers are swept (orphaned image files and abandoned uploads) and older photos get new sizes. */
const MAINTENANCE_INTERVAL_MS = 6 * 60 * 60 * 1000;

let started: { worker: ImageWorker; timer: NodeJS.Timeout } | undefined;
/** The maintenance run in progress, if any: one at a time, and shutdown waits for it. */
let maintaining: Promise<void> | undefined;

function maintain(pipeline: ImagePipeline): void {
  maintaining ??= runMaintenance(pipeline).finally(() => (maintaining = undefined));
}

/** DATA_DIR/image-jobs: master files of images whose variants are not all made yet. */
export function getJobDirectory(): string {
  return getJobDirectoryIn(getEnv().dataDir);
}

async function runMaintenance(pipeline: ImagePipeline): Promise<void> {
  try {
    const orphans = await deleteOrphanImageFiles(pipeline);
    const uploads = await deleteStaleUploads(getUploadDirectory());
    if (orphans.deletedKeys.length + orphans.deletedJobFiles.length + uploads.length > 0) {
      logger.info({ ...orphans, staleUploads: uploads }, "deleted leftover image files");
    }
  } catch (error) {
    logger.error({ err: error }, "image clean-up failed");
  }
  try {
    const added = await addMissingSizes(pipeline, () => started === undefined);
    if (added.photos + added.failed > 0) logger.info(added, "added the sizes the image pipeline gained to photos stored before");
  } catch (error) {
    logger.error({ err: error }, "adding missing photo sizes failed");
  }
}

/**
 * This installation's name in the image-job leases, `{instance}/{run}`: the instance part is the same for every run
 * on this machine with this DATA_DIR (so a restart frees what the last run held), the run part is this process.
 * Two instances must not share a DATA_DIR.
 */
function getLeaseOwner(): string {
  const instance = createHash("sha256").update(`${hostname()}\0${getEnv().dataDir}`).digest("hex").slice(0, 12);
  return `${hostname().slice(0, 40)}-${instance}/${process.pid}-${randomBytes(3).toString("hex")}`;
}

/**
 * Starts the process-wide image worker: frees the jobs the last run of this instance held, starts on every
 * unfinished image, then sweeps leftovers now and every few hours. Called once by createApp, after migrations.
 */
export async function startImageJobs(): Promise<ImageWorker> {
  if (started) return started.worker;
  const pipeline: ImagePipeline = { db: getDb(), storage: await getStorage(), jobDirectory: getJobDirectory() };
  const worker = createImageWorker(pipeline, { owner: getLeaseOwner() });
  const timer = setInterval(() => maintain(pipeline), MAINTENANCE_INTERVAL_MS);
  timer.unref();
  started = { worker, timer };
  const resumed = await worker.resume();
  if (resumed.length > 0) logger.info({ images: resumed.length }, "resuming unfinished image variants");
  maintain(pipeline);
  return worker;
}

/** The running worker, for the gallery's upload action: `await getImageWorker().addImage({...})`. */
export function getImageWorker(): ImageWorker {
  if (!started) throw new Error("The image worker is not running: createApp starts it.");
  return started.worker;
}

/** Lets the variants being encoded finish, then stops; called on shutdown before the database closes. */
export async function stopImageJobs(): Promise<void> {
  const current = started;
  started = undefined;
  if (!current) return;
  clearInterval(current.timer);
  // The maintenance run sees `started` gone and stops after the photo in hand.
  await Promise.all([current.worker.stop(), maintaining]);
}
