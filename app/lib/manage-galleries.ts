import type { ImageSources } from "./image-url";

/**
 * What the Manage Galleries page's loader and action answer, shared by the route and its sections
 * (components/manage), so neither imports the other.
 */
export type ManagedCategory = { id: number; name: string };

export type ManagedImage = {
  id: string;
  name: string;
  title: string;
  caption: string;
  version: number;
  status: "processing" | "ready" | "failed";
  thumb: ImageSources | null;
  preview: ImageSources | null;
};

export type ManageData = {
  categories: ManagedCategory[];
  selected: ManagedCategory | null;
  images: ManagedImage[];
  /** The picker shows only the first images of a large category. */
  truncated: boolean;
  /** The photo chosen in the address (?photo=), else the first. */
  chosenId: string | null;
  /** The category's cover: the photo chosen as cover, else the first. */
  coverId: string | null;
};

export type ManageActionResult = { intent: string; ok: boolean; message?: string; field?: string; categoryId?: number; count?: number };
