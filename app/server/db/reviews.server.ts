import type { Kysely, Transaction } from "kysely";
import type { Db } from "./client.server";
import type { Database, Review, ReviewPhoto, ReviewStatus } from "./schema.server";

type Executor = Kysely<Database> | Transaction<Database>;

export type NewReviewPhoto = Omit<ReviewPhoto, "reviewId" | "createdAt">;
export type ReviewWithPhotos = Review & { photos: ReviewPhoto[]; verified: boolean };

export async function insertReview(trx: Executor, review: Omit<Review, "holdReason" | "heldAt" | "reply" | "repliedAt" | "updatedAt">, photos: NewReviewPhoto[]): Promise<void> {
  await trx
    .insertInto("review")
    .values({ ...review, holdReason: null, heldAt: null, reply: null, repliedAt: null, updatedAt: review.createdAt })
    .execute();
  if (photos.length > 0) {
    await trx
      .insertInto("reviewPhoto")
      .values(photos.map((photo) => ({ ...photo, reviewId: review.id, createdAt: review.createdAt })))
      .execute();
  }
}

async function withPhotos(db: Db, reviews: Review[]): Promise<ReviewWithPhotos[]> {
  if (reviews.length === 0) return [];
  const photos = await db
    .selectFrom("reviewPhoto")
    .selectAll()
    .where(
      "reviewId",
      "in",
      reviews.map((r) => r.id),
    )
    .orderBy("position")
    .execute();
  return reviews.map((review) => ({
    ...review,
    rating: Number(review.rating),
    // Verified means answered through a link the owner sent for a job; a review he typed in never is.
    verified: review.requestId !== null && review.source === null,
    photos: photos.filter((p) => p.reviewId === review.id).map((p) => ({ ...p, width: Number(p.width), height: Number(p.height) })),
  }));
}

export async function getReviewForRequest(db: Db, requestId: string): Promise<ReviewWithPhotos | null> {
  const review = await db.selectFrom("review").selectAll().where("requestId", "=", requestId).executeTakeFirst();
  return review ? ((await withPhotos(db, [review]))[0] ?? null) : null;
}

/** Published reviews, newest first, optionally of one service. */
export async function listPublishedReviews(db: Db, options: { service?: string | null; limit?: number } = {}): Promise<ReviewWithPhotos[]> {
  let query = db.selectFrom("review").selectAll().where("status", "=", "published").orderBy("createdAt", "desc").orderBy("id", "desc").limit(options.limit ?? 500);
  if (options.service) query = query.where("service", "=", options.service);
  return withPhotos(db, await query.execute());
}

export type ReviewStats = { count: number; average: number | null };

/** Count and average over every published review: never a chosen subset (not even the filtered one). */
export async function getReviewStats(db: Db): Promise<ReviewStats> {
  const row = await db
    .selectFrom("review")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("rating").as("total")])
    .where("status", "=", "published")
    .executeTakeFirst();
  const count = Number(row?.n ?? 0);
  return { count, average: count === 0 ? null : Number(row?.total ?? 0) / count };
}

/** Every review, held ones included, newest first, for the owner. */
export async function listAllReviews(db: Db, limit = 500): Promise<ReviewWithPhotos[]> {
  return withPhotos(db, await db.selectFrom("review").selectAll().orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).execute());
}

export async function countReviewsByStatus(db: Db): Promise<Record<ReviewStatus, number>> {
  const rows = await db.selectFrom("review").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("status").execute();
  const counts: Record<ReviewStatus, number> = { published: 0, held: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** The customer's own edit, through their link: their words, rating, name and town; nothing the owner set. */
export async function updateReviewByCustomer(db: Db, id: string, fields: Pick<Review, "rating" | "body" | "displayName" | "town">, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("review")
    .set({ ...fields, updatedAt: now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function holdReview(db: Db, id: string, reason: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const result = await db.updateTable("review").set({ status: "held", holdReason: reason, heldAt: at }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function publishReview(db: Db, id: string): Promise<boolean> {
  const result = await db.updateTable("review").set({ status: "published", holdReason: null, heldAt: null }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The owner's one public reply; an empty text removes it. */
export async function setReviewReply(db: Db, id: string, reply: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("review")
    .set({ reply: reply === "" ? null : reply, repliedAt: reply === "" ? null : now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A photo with its review's status: only a published review's photos are served to visitors. */
export async function getReviewPhoto(db: Db, photoId: string): Promise<(ReviewPhoto & { status: ReviewStatus }) | null> {
  const row = await db
    .selectFrom("reviewPhoto")
    .innerJoin("review", "review.id", "reviewPhoto.reviewId")
    .selectAll("reviewPhoto")
    .select("review.status")
    .where("reviewPhoto.id", "=", photoId)
    .executeTakeFirst();
  return row ?? null;
}

/** The newest published review of each service, for the services page. */
export async function listLatestReviewPerService(db: Db): Promise<Record<string, ReviewWithPhotos>> {
  const latest: Record<string, ReviewWithPhotos> = {};
  for (const review of await listPublishedReviews(db, { limit: 200 })) latest[review.service] ??= review;
  return latest;
}

/** Creation times and ratings since the given moment, for the dashboard. */
export async function listReviewTimesSince(db: Db, since: Date): Promise<{ createdAt: string; rating: number; fromLink: boolean }[]> {
  const rows = await db.selectFrom("review").select(["createdAt", "rating", "requestId"]).where("createdAt", ">=", since.toISOString()).execute();
  return rows.map((r) => ({ createdAt: r.createdAt, rating: Number(r.rating), fromLink: r.requestId !== null }));
}
