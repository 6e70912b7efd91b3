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
  /** The picker shows only the oldest images of a large category. */
  truncated: boolean;
};

export type ManageActionResult = { intent: string; ok: boolean; message?: string; field?: string; categoryId?: number };
