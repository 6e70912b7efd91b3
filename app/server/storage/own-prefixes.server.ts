import type { Storage } from "./storage-contract.server";

/**
 * The folders of the storage that belong to the site: gallery variants, shared masters of images being processed,
 * avatars, customers' enquiry photos and the photos sent with reviews. Backups copy only these and a restore writes and clears only these, so a
 * bucket shared with anything else is never emptied. A new kind of stored file gets its folder added here.
 */
export const OWN_STORAGE_PREFIXES = ["images/", "masters/", "profile-pics/", "enquiries/", "reviews/"] as const;

export function isOwnStorageKey(key: string): boolean {
  return OWN_STORAGE_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** Every key in the site's own folders, folder by folder. */
export async function* listOwnStorageKeys(storage: Storage): AsyncGenerator<string> {
  for (const prefix of OWN_STORAGE_PREFIXES) yield* storage.list(prefix);
}
