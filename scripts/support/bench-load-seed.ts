// Seeds a data folder for `npm run bench:load`: a 1,000-photo gallery (eight real photos through the pipeline,
// the rest rows of their own reusing those files). Prints the gallery's category id.
// Run with: node --import ./scripts/support/resolve-app-imports.ts scripts/support/bench-load-seed.ts DATA_DIR
import { seedGallery } from "../../tests/e2e/support/seed-gallery.ts";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: bench-load-seed.ts DATA_DIR");
const photos = Array.from({ length: 1000 }, (_, i) => ({ name: `photo-${i + 1}`, title: `Job ${i + 1}`, caption: "Skimmed and ready for paint" }));
const { categoryId } = await seedGallery(dataDir, "kitchens", photos, { distinct: 8 });
console.log(categoryId);
