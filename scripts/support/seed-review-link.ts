// Adds one review request (a customer's link to /review/{token}, as the owner's "Ask for a review" makes it, without
// a mail), for bench:pages. Run by node with the app's import hooks, with DATA_DIR set to the site's data:
//   DATA_DIR=DIR node --experimental-transform-types --import ./scripts/support/resolve-app-imports.ts \
//     scripts/support/seed-review-link.ts DATA_DIR
// Prints the link's path.
import path from "node:path";
import { createDb } from "../../app/server/db/client.server.ts";
import { askForReview } from "../../app/server/reviews/review-requests.server.ts";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-review-link.ts DATA_DIR");

const db = createDb({ kind: "sqlite", file: path.join(dataDir, "site.db") });
try {
  const { url } = await askForReview(
    db,
    { enquiryId: null, customerName: "Sam Carter", email: null, phone: null, job: "Kitchen ceiling skimmed", service: "plastering", serviceName: "Plastering", remind: false },
    { businessName: "Nene Valley Plastering & Building", ownerName: "the owner", publicUrl: "http://bench.invalid" },
  );
  console.log(new URL(url).pathname);
} finally {
  await db.destroy();
}
