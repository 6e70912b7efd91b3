/** A review as the public pages get it: nothing about the customer beyond what they chose to show. */
export type PublicReviewPhoto = { id: string; thumb: string; full: string; width: number; height: number };

export type PublicReview = {
  id: string;
  rating: number;
  body: string;
  displayName: string;
  town: string;
  serviceName: string;
  /** YYYY-MM. */
  jobMonth: string;
  verified: boolean;
  /** Where an owner-typed review came from; null for a verified one. */
  source: string | null;
  reply: string | null;
  createdAt: string;
  photos: PublicReviewPhoto[];
};
