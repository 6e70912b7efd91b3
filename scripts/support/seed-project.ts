// Adds one published project with three before-and-after pairs (and three further photos) made of a gallery's
// photos, for bench:pages. Run by node with the app's import hooks after seed-photo-gallery.ts:
//   node --experimental-transform-types --import ./scripts/support/resolve-app-imports.ts \
//     scripts/support/seed-project.ts DATA_DIR CATEGORY_ID
// Prints the project's slug.
import path from "node:path";
import { createDb } from "../../app/server/db/client.server.ts";
import { emptyProject, createProject, publishProject } from "../../app/server/projects/projects.server.ts";

const [dataDir, categoryArg] = process.argv.slice(2);
if (!dataDir || !categoryArg) throw new Error("usage: seed-project.ts DATA_DIR CATEGORY_ID");

const db = createDb({ kind: "sqlite", file: path.join(dataDir, "site.db") });
try {
  // Landscape photos only, as before-and-after pairs of one view would be.
  const images = await db.selectFrom("image").select(["id", "width", "height"]).where("categoryId", "=", Number(categoryArg)).where("status", "=", "ready").orderBy("id").execute();
  const landscape = images.filter((image) => (image.width ?? 0) > (image.height ?? 0));
  if (landscape.length < 9) throw new Error("the gallery needs at least 9 landscape photos");
  const id = await createProject(db, "bench");
  const outcome = await publishProject(
    db,
    id,
    {
      ...emptyProject(),
      title: "Living room and hall skimmed in Bath",
      serviceId: "plastering",
      town: "Bath",
      month: "2025-06",
      duration: "4 days",
      costFrom: 900,
      costTo: 1200,
      story: "The old walls were **cracked and patched**. We took them back, skimmed them and left them ready for paint.\n\n- Living room\n- Hall and stairs",
      pairs: [0, 1, 2].map((i) => ({ before: landscape[2 * i]!.id, beforeAlt: `Cracked wall ${i + 1}`, after: landscape[2 * i + 1]!.id, afterAlt: `Smooth wall ${i + 1}` })),
      photos: [6, 7, 8].map((i) => ({ id: landscape[i]!.id, alt: `Finished wall ${i - 5}` })),
    },
    1,
    "bench",
  );
  if (outcome.status !== "published") throw new Error(`the project was not published: ${JSON.stringify(outcome)}`);
  console.log(outcome.slug);
} finally {
  await db.destroy();
}
