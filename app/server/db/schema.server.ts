import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/**
 * Table types for Kysely. One column casing (camelCase) across the schema, as Better Auth uses.
 * Our own timestamps are ISO-8601 text so they sort and compare the same on SQLite and PostgreSQL.
 */
export interface CategoryTable {
  id: Generated<number>;
  name: string;
  /** The owner's order of the categories (db/positions.server.ts). */
  position: ColumnType<string, string | undefined, string>;
  /** The photo shown for the category (home page tiles, link previews); its first photo when null or not in it. */
  coverImageId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: string;
  updatedAt: string;
}

export type ImageStatus = "processing" | "ready" | "failed";

export interface ImageTable {
  /** UUIDv7: sorts by upload time. */
  id: string;
  categoryId: number;
  /** The owner's order within the category (db/positions.server.ts); new uploads go at the end. */
  position: ColumnType<string, string | undefined, string>;
  name: string;
  title: string;
  caption: string;
  width: number | null;
  height: number | null;
  /** Tiny base64 thumbhash shown while the real image loads. */
  placeholder: string | null;
  status: ImageStatus;
  /** JSON list of the stored variants (name, format, width, height, size, hash): ImageVariant in app/lib/image-variants.ts. */
  variants: string;
  /** Bumped on every change, so two admins editing at once cannot overwrite each other silently. */
  version: Generated<number>;
  /** The server instance working on the unfinished image, until leaseUntil (ISO time); see image-jobs.server. */
  leaseOwner: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the lease lapses; for a failed attempt, when the retry is due. */
  leaseUntil: ColumnType<string | null, string | null | undefined, string | null>;
  /** Failed attempts at the unfinished variants, counted across instances. */
  attempts: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export interface VisitCounterTable {
  id: number;
  count: number;
}

/** One row (id 1): goes up with every change to what public pages show, so cached pages know they are stale. */
export interface ContentVersionTable {
  id: number;
  version: number;
}

export interface VisitDayTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  count: number;
}

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Bool = ColumnType<boolean, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  role: string | null;
  banned: Bool | null;
  banReason: string | null;
  banExpires: Timestamp | null;
  /** ISO time of the latest sign-in, kept by a session hook. */
  lastLoginAt: string | null;
}

export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: ColumnType<number, number | bigint, number | bigint>;
}

/** The app's own fixed-window rate limits (Better Auth clears its `rateLimit` table on a one-minute cycle). */
export interface RequestLimitTable {
  key: string;
  count: number;
  /** When the current window started, ms since the epoch. */
  windowStart: ColumnType<number, number | bigint, number | bigint>;
}

export type EnquiryStatus = "new" | "replied" | "won" | "lost" | "closed";

export interface EnquiryTable {
  /** UUIDv7. */
  id: string;
  /** What the customer and the owner quote to each other, like Q-7K3M9PX2. */
  reference: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** Normalised, like PE1 1AA (or the outward code alone, PE1). */
  postcode: string;
  /** A service id of the site configuration, or "other". */
  service: string;
  /** The service's name when the enquiry came in, so renaming a service later keeps old enquiries readable. */
  serviceName: string;
  description: string;
  status: EnquiryStatus;
  /** The owner's own notes; never shown to the customer. */
  notes: string;
  /** When an admin first opened it; null while unread. */
  readAt: string | null;
  /** When it was last set to closed; the retention sweep deletes it ENQUIRY_RETENTION_DAYS later. */
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface EnquiryPhotoTable {
  /** UUIDv7; the stored files are enquiries/{enquiryId}/{id}.jpg and {id}-thumb.webp. */
  id: string;
  enquiryId: string;
  position: number;
  /** The file name the customer's device gave, trimmed; shown to the owner only. */
  originalName: string;
  width: number;
  height: number;
  /** Bytes of the stored JPEG. */
  size: number;
  createdAt: string;
}

/** filed: written to DATA_DIR/outbox as a file because SMTP_URL is not set; it never left the machine. */
export type MailStatus = "pending" | "sent" | "filed" | "failed";

export interface MailOutboxTable {
  id: string;
  /** enquiry-owner (the owner's notification), enquiry-customer (the acknowledgement), review-request or review-reminder. */
  kind: string;
  enquiryId: string | null;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  status: MailStatus;
  attempts: number;
  /** ISO time; a worker claims a row by moving this forward, so two processes never send it twice at once. */
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

/** A proof-of-work challenge or fallback question already accepted once, kept until it would have expired anyway. */
export interface UsedChallengeTable {
  id: string;
  expiresAt: string;
}

export interface TrafficDayTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** Page views that started a browser session (no visited cookie yet). */
  visits: number;
  views: number;
}

export interface PageViewDayTable {
  day: string;
  path: string;
  views: number;
}

export interface ReferrerDayTable {
  day: string;
  /** Host name of the referring site, without www. */
  host: string;
  views: number;
}

/** A running server, as `npm run restore` sees it: refreshed every few seconds, removed on a clean stop. */
export interface ServerHeartbeatTable {
  /** The process: host, pid and a random part. */
  id: string;
  host: string;
  pid: number;
  startedAt: string;
  /** ISO time of the last refresh. */
  seenAt: string;
}

/** A link that works once (and may stay open a while after its use): see app/server/links/single-use-link.server.ts. */
export interface SingleUseLinkTable {
  id: string;
  /** What the link is for ("review"); a token is only ever accepted for its own purpose. */
  purpose: string;
  /** SHA-256 of the token, base64url: the token itself is never stored. */
  tokenHash: string;
  /** The token sealed with AES-256-GCM under a key derived from AUTH_SECRET, when its user must show it again. */
  sealedToken: string | null;
  expiresAt: string;
  /** When it was used; it then stays open until closesAt (null: closed at once). */
  usedAt: string | null;
  closesAt: string | null;
  createdAt: string;
}

export interface ReviewRequestTable {
  id: string;
  linkId: string;
  enquiryId: string | null;
  customerName: string;
  email: string | null;
  phone: string | null;
  /** The job in the owner's words, shown to the customer on the review page. */
  job: string;
  service: string;
  serviceName: string;
  /** 1: one reminder after 7 days while unanswered; 0: the owner switched it off. An integer on both databases. */
  remind: number;
  reminderSentAt: string | null;
  createdAt: string;
}

export type ReviewStatus = "published" | "held";

export interface ReviewTable {
  id: string;
  /** The request whose link it was answered through (a verified job); null when the owner typed it in. */
  requestId: string | null;
  /** Where an owner-typed review came from ("Checkatrade", "a card"); null for a verified one. */
  source: string | null;
  rating: number;
  body: string;
  displayName: string;
  town: string;
  service: string;
  serviceName: string;
  /** YYYY-MM of the job. */
  jobMonth: string;
  status: ReviewStatus;
  /** One of HOLD_REASONS (app/lib/reviews.ts) while held. */
  holdReason: string | null;
  heldAt: string | null;
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ReviewPhotoTable {
  /** UUIDv7; stored as reviews/{reviewId}/{id}.jpg and {id}-thumb.webp, served only while the review is published. */
  id: string;
  reviewId: string;
  position: number;
  width: number;
  height: number;
  size: number;
  createdAt: string;
}

/** One edited document (server/content/document-store.server.ts); the JSON columns hold the document as text. */
export interface ContentDocumentTable {
  /** What kind of content: "site" for the site's parts; other features use their own. */
  kind: string;
  key: string;
  /** What the public sees; null until first published. */
  published: string | null;
  /** The edit in progress; null when there is none (the published content is what the editor shows). */
  draft: string | null;
  /** Raised by every write; a save names the revision it started from, so a concurrent save is refused, not lost. */
  revision: number;
  draftUpdatedAt: string | null;
  /** Display name of who saved the draft last. */
  draftUpdatedBy: string | null;
  publishedAt: string | null;
  /** Display name of who published last; null while the content is the seed nobody has published yet. */
  publishedBy: string | null;
  createdAt: string;
}

/** A kept state of a document: each publish, a draft kept before a restore replaced it, an import. */
export interface ContentDocumentVersionTable {
  /** UUIDv7, so versions sort by time. */
  id: string;
  kind: string;
  key: string;
  /** publish | draft | import | seed */
  reason: string;
  data: string;
  /** JSON array of the top-level fields that differ from the version before it. */
  changedFields: string;
  createdAt: string;
  /** Display name of who made it; null for the seed. */
  createdBy: string | null;
}

export interface Database {
  category: CategoryTable;
  image: ImageTable;
  visitCounter: VisitCounterTable;
  contentVersion: ContentVersionTable;
  visitDay: VisitDayTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  requestLimit: RequestLimitTable;
  enquiry: EnquiryTable;
  enquiryPhoto: EnquiryPhotoTable;
  mailOutbox: MailOutboxTable;
  usedChallenge: UsedChallengeTable;
  trafficDay: TrafficDayTable;
  pageViewDay: PageViewDayTable;
  referrerDay: ReferrerDayTable;
  serverHeartbeat: ServerHeartbeatTable;
  singleUseLink: SingleUseLinkTable;
  reviewRequest: ReviewRequestTable;
  review: ReviewTable;
  reviewPhoto: ReviewPhotoTable;
  contentDocument: ContentDocumentTable;
  contentDocumentVersion: ContentDocumentVersionTable;
}

export type Category = Selectable<CategoryTable>;
export type NewCategory = Insertable<CategoryTable>;
export type Image = Selectable<ImageTable>;
export type NewImage = Insertable<ImageTable>;
export type Enquiry = Selectable<EnquiryTable>;
export type EnquiryPhoto = Selectable<EnquiryPhotoTable>;
export type OutboxMail = Selectable<MailOutboxTable>;
export type SingleUseLink = Selectable<SingleUseLinkTable>;
export type ReviewRequest = Selectable<ReviewRequestTable>;
export type Review = Selectable<ReviewTable>;
export type ReviewPhoto = Selectable<ReviewPhotoTable>;
