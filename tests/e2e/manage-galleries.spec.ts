import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import path from "node:path";
import { verificationLinkFromOutbox } from "../support/http-client";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { PASSWORD, fillCredentials } from "./support/accounts";
import { trackPageErrors } from "./support/page-errors";
import { waitForHydration } from "./support/public-site";
import { testPort } from "../support/ports";
import { encodeHeic, heifEncMissing, makePhoneJpeg, withIrot } from "../setup/heic";
import sharp from "sharp";
import { writeFile, mkdtemp } from "node:fs/promises";
import os from "node:os";

const PORT = testPort("e2e/manage-galleries");
const fixture = (name: string) => path.resolve("tests/fixtures/images", name);
let server: RunningServer;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  server = await startIsolatedServer(PORT);
});
test.afterAll(async () => server?.stop());
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

const admin = "admin@galleries.test";

async function signInAsAdmin(page: Page) {
  await page.goto("/signIn");
  await waitForHydration(page);
  await fillCredentials(page, admin, PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("dialog", { name: "Signed In" }).getByRole("button", { name: "OK" }).click();
  await page.goto("/manage");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Manage Galleries" })).toBeVisible();
}

async function dismiss(page: Page, title: string, text?: string | RegExp) {
  const dialog = page.getByRole("dialog", { name: title });
  // Uploads wait for the first image sizes to be made, which takes a few seconds on a busy machine.
  if (text) await expect(dialog).toContainText(text, { timeout: 30_000 });
  else await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
}

const uploadSection = (page: Page) => page.locator("section", { has: page.getByRole("heading", { name: "Upload a new image" }) });

test("the first admin sets up a category and uploads, with every validation message", async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.goto("/signIn");
  await waitForHydration(page);
  await fillCredentials(page, admin, PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("dialog", { name: "Verification email sent" }).getByRole("button", { name: "OK" }).click();
  await page.goto(verificationLinkFromOutbox(server.dataDir, admin));
  await page.goto("/manage");
  await waitForHydration(page);
  await expect(page.getByText("There are no categories yet.")).toBeVisible();

  const upload = uploadSection(page);
  await upload.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("upload-problem")).toHaveText("Please select a category or create a new one");

  await page.getByLabel("Add new Category").fill("kitchens");
  await upload.getByRole("button", { name: "Add" }).click();
  await expect(page.getByTestId("upload-category")).toHaveText("kitchens");
  await expect(page.getByLabel("Selected category", { exact: true })).toHaveValue(/\d+/);

  await upload.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("upload-problem")).toHaveText("Please select an image file");

  await page.getByLabel("Image files").setInputFiles(fixture("landscape.jpg"));
  const name = page.getByLabel("File name", { exact: true });
  await expect(name).toHaveValue("landscape");
  await name.fill("  ");
  await upload.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("upload-problem")).toHaveText("Please enter a file name");

  await name.fill("worktop");
  await page.getByLabel("Title / Alt").fill("Oak worktop");
  await page.getByLabel("Caption").fill('<img src=x onerror="alert(1)"> fitted in a day');
  await upload.getByRole("button", { name: "Upload" }).click();
  await dismiss(page, "Success", "Image uploaded successfully");
  await expect(page.getByRole("button", { name: "worktop" })).toBeVisible();
  await expect(name).toHaveCount(0);

  // The same name again is refused.
  await page.getByLabel("Image files").setInputFiles(fixture("tiny.png"));
  await page.getByLabel("File name", { exact: true }).fill("worktop");
  await upload.getByRole("button", { name: "Upload" }).click();
  await dismiss(page, "Error", "Image already exists: Please enter a  new name or delete the existing image");
  await expect(uploadSection(page).getByText("Image already exists", { exact: true })).toBeVisible();

  // A text file named .jpg is refused and nothing is stored.
  await page.getByLabel("Image files").setInputFiles(fixture("not-really.jpg"));
  await upload.getByRole("button", { name: "Upload" }).click();
  await dismiss(page, "Error");
  await expect(page.locator(".thumb-picker-item")).toHaveCount(1);

  // Several at once, each with its own name and progress.
  await page.getByLabel("Image files").setInputFiles([fixture("tiny.png"), fixture("exif-rotated.jpg")]);
  await expect(page.getByTestId("upload-item")).toHaveCount(2);
  await page.getByLabel("File name 1").fill("swatch");
  await upload.getByRole("button", { name: "Upload" }).click();
  await dismiss(page, "Success", "2 images uploaded successfully");
  await expect(page.locator(".thumb-picker-item")).toHaveCount(3);
  await expect(page.getByRole("button", { name: "exif-rotated" })).toBeVisible();
  // The refused uploads above answer 409 and 400 on purpose; anything else is a fault.
  expect(errors.filter((e) => !/status of (409|400)/.test(e))).toEqual([]);
});

test("edit images: save only after a change, rename, zoom, move and delete", async ({ page }) => {
  await signInAsAdmin(page);
  const editor = page.getByTestId("image-editor");
  await page.getByRole("button", { name: "worktop" }).click();
  await expect(page.getByTestId("edit-image-name")).toHaveText("worktop");
  await expect(page.getByTestId("edit-category-name")).toHaveText("kitchens");
  await expect(page.getByRole("button", { name: "Save Image" })).toHaveCount(0);

  const zoom = page.getByTestId("zoom-preview");
  await expect(zoom).toHaveAttribute("data-zoomed", "1");
  await page.getByRole("button", { name: "Zoom into the preview (2x)" }).click();
  await expect(zoom).toHaveAttribute("data-zoomed", "2");
  await page.getByRole("button", { name: "Zoom out of the preview" }).click();
  await expect(zoom).toHaveAttribute("data-zoomed", "1");

  await editor.getByLabel("Title / Alt").fill("Solid oak worktop");
  await page.getByRole("button", { name: "Save Image" }).click();
  await expect(page.getByRole("button", { name: "Save Image" })).toHaveCount(0);
  await page.reload();
  await page.getByRole("button", { name: "worktop" }).click();
  await expect(editor.getByLabel("Title / Alt")).toHaveValue("Solid oak worktop");

  // A new name is saved with the title and caption as the form holds them.
  await editor.getByLabel("Image name").fill("swatch");
  await page.getByRole("button", { name: "Save Image" }).click();
  await expect(editor.getByText("Image already exists")).toBeVisible();
  await editor.getByLabel("Image name").fill("oak worktop");
  await page.getByRole("button", { name: "Save Image" }).click();
  await expect(page.getByTestId("edit-image-name")).toHaveText("oak worktop");

  // Move to a second category.
  await page.getByLabel("Add new Category").fill("bathrooms");
  await uploadSection(page).getByRole("button", { name: "Add" }).click();
  await expect(page.getByTestId("upload-category")).toHaveText("bathrooms");
  await page.getByLabel("Selected category", { exact: true }).selectOption({ label: "kitchens" });
  await page.getByRole("button", { name: "swatch" }).click();
  await page.getByLabel("Move to category").selectOption({ label: "bathrooms" });
  await page.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByRole("button", { name: "swatch" })).toHaveCount(0);
  await page.getByLabel("Selected category", { exact: true }).selectOption({ label: "bathrooms" });
  await expect(page.getByRole("button", { name: "swatch" })).toBeVisible();

  // Delete: Cancel keeps it, Confirm deletes it.
  await page.getByRole("button", { name: "Delete Image", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("button", { name: "swatch" })).toBeVisible();
  await page.getByRole("button", { name: "Delete Image", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete image" }).click();
  await dismiss(page, "Image Deleted", "The image has been deleted.");
  await expect(page.getByText("There are no images in bathrooms yet.")).toBeVisible();
});

test("categories: rename with the red border cue, refresh, delete", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByLabel("Selected category", { exact: true }).selectOption({ label: "bathrooms" });
  const rename = page.getByTestId("category-rename");
  await expect(rename).not.toHaveClass(/border-danger/);
  await rename.fill("bathroom refits");
  await expect(rename).toHaveClass(/border-danger/);
  await page.getByRole("button", { name: "Change" }).click();
  await expect(page.getByLabel("Selected category", { exact: true }).locator("option:checked")).toHaveText("bathroom refits");
  await expect(rename).toHaveValue("");

  await page.getByRole("button", { name: "Refresh List" }).click();
  await page.getByRole("button", { name: "Delete Selected Category" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByLabel("Selected category", { exact: true }).locator("option")).toHaveCount(2);
  await page.getByRole("button", { name: "Delete Selected Category" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete category" }).click();
  await dismiss(page, "Category Deleted", "Category has been deleted successfully");
  await expect(page.getByLabel("Selected category", { exact: true }).locator("option")).toHaveCount(1);
  await expect(page.getByLabel("Selected category", { exact: true }).locator("option:checked")).toHaveText("kitchens");

  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test("an uploaded photo is served upright with the GPS and EXIF stripped", async ({ page, request }) => {
  await signInAsAdmin(page);
  await page.getByRole("button", { name: "exif-rotated" }).click();
  const src = await page.getByTestId("zoom-preview").locator("img").getAttribute("src");
  expect(src).toMatch(/^\/media\//);
  const response = await request.get(src!);
  expect(response.status()).toBe(200);
  const bytes = await response.body();
  // No EXIF segment (APP1 "Exif") and no GPS anywhere in the served file.
  expect(bytes.includes(Buffer.from("Exif"))).toBe(false);
  expect(bytes.includes(Buffer.from("GPS"))).toBe(false);
});

/** The photos of the selected category as Manage Galleries shows them, in order. */
const adminOrder = (page: Page) => page.locator("[data-photo-id]").evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.photoId));
const categoryId = async (page: Page) => Number(await page.getByLabel("Selected category", { exact: true }).inputValue());
/** The order the public gallery shows, read as a visitor's next load reads it. */
async function publicOrder(page: Page, category: number): Promise<string[]> {
  const response = await page.request.get(`/gallery/${category}/images`);
  return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
}

test("a HEIC photo from a phone uploads and is shown upright, with no metadata", async ({ page }) => {
  test.skip(heifEncMissing !== undefined, heifEncMissing);
  await signInAsAdmin(page);
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), "heic-e2e-")), "IMG_0001.HEIC");
  // Landscape pixels turned a quarter clockwise by irot, EXIF Orientation 6 and GPS inside.
  await writeFile(file, withIrot(await encodeHeic(await makePhoneJpeg(1280, 640)), 3));
  await expect(page.getByLabel("Image files")).toHaveAttribute("accept", /\.heic/);
  await page.getByLabel("Image files").setInputFiles(file);
  await expect(page.getByLabel("File name", { exact: true })).toHaveValue("IMG_0001");
  await uploadSection(page).getByRole("button", { name: "Upload" }).click();
  await dismiss(page, "Success", "Image uploaded successfully");
  await page.getByRole("button", { name: "IMG_0001" }).click();
  const src = await page.getByTestId("zoom-preview").locator("img").getAttribute("src");
  const served = await page.request.get(src!);
  const metadata = await sharp(await served.body()).metadata();
  expect(metadata.height).toBeGreaterThan(metadata.width);
  expect([metadata.exif, metadata.xmp, metadata.orientation]).toEqual([undefined, undefined, undefined]);
});

test("a HEIC that cannot be decoded is refused with its message, and the owner can try again", async ({ page }) => {
  test.skip(heifEncMissing !== undefined, heifEncMissing);
  await signInAsAdmin(page);
  const dir = await mkdtemp(path.join(os.tmpdir(), "heic-e2e-"));
  const phone = await encodeHeic(await makePhoneJpeg(1280, 640));
  const truncated = path.join(dir, "IMG_0002.HEIC");
  await writeFile(truncated, phone.subarray(0, Math.floor(phone.length * 0.6)));
  await page.getByLabel("Image files").setInputFiles(truncated);
  await uploadSection(page).getByRole("button", { name: "Upload" }).click();
  await dismiss(page, "Error", "The image could not be read; it may be damaged.");
  // Not left half-way: the bar shows the failure, the message sits under the name, and Upload can be pressed again.
  const progress = page.getByRole("progressbar", { name: "Upload progress of IMG_0002" });
  await expect(progress).toHaveText("Not uploaded");
  await expect(progress).toHaveClass(/bg-danger/);
  await expect(uploadSection(page).getByText("The image could not be read; it may be damaged.")).toBeVisible();
  await expect(uploadSection(page).getByRole("status")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "IMG_0002" })).toHaveCount(0);

  // The same photo whole, while the server's answer is lost on the way: said so, and the page stays usable.
  const whole = path.join(dir, "IMG_0003.HEIC");
  await writeFile(whole, phone);
  await page.getByLabel("Image files").setInputFiles(whole);
  await page.route("**/manage/uploads/complete", (route) => route.abort("connectionreset"));
  await uploadSection(page).getByRole("button", { name: "Upload" }).click();
  await dismiss(page, "Error", "The server did not answer. Please check the connection and try again.");
  await expect(page.getByRole("progressbar", { name: "Upload progress of IMG_0003" })).toHaveText("Not uploaded");
  await expect(uploadSection(page).getByRole("status")).toHaveCount(0);

  // Tried again, it goes through.
  await page.unroute("**/manage/uploads/complete");
  await uploadSection(page).getByRole("button", { name: "Upload" }).click();
  await dismiss(page, "Success", "Image uploaded successfully");
  await expect(page.getByRole("button", { name: "IMG_0003" })).toBeVisible();
});

test("photos reorder with the keyboard, and the public gallery follows on its next load", async ({ page }) => {
  await signInAsAdmin(page);
  const before = await adminOrder(page);
  expect(before.length).toBeGreaterThanOrEqual(2);
  const last = page.locator("[data-photo-id]").last().getByRole("button");
  const lastName = (await last.getAttribute("aria-label"))!;
  await last.focus();
  for (let i = 1; i < before.length; i++) await page.keyboard.press("Alt+ArrowLeft");
  const moved = [before.at(-1), ...before.slice(0, -1)];
  await expect.poll(() => adminOrder(page)).toEqual(moved);
  await expect(page.getByText(`${lastName} moved to place 1 of ${before.length}.`)).toBeAttached();
  // Saved on the server: a reload and the visitors' gallery show the new order.
  await expect.poll(async () => publicOrder(page, await categoryId(page))).toEqual(moved);
  await page.reload();
  expect(await adminOrder(page)).toEqual(moved);

  // And with the mouse (pointer events, as a finger drags): the first photo dropped on the last one's place.
  await waitForHydration(page);
  const from = (await page.locator("[data-photo-id]").first().boundingBox())!;
  const to = (await page.locator("[data-photo-id]").last().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  const dragged = [...moved.slice(1), moved[0]];
  await expect.poll(() => adminOrder(page)).toEqual(dragged);
  await expect.poll(async () => publicOrder(page, await categoryId(page))).toEqual(dragged);
});

test("without JavaScript, Move earlier and Move later still reorder, and Use as cover shows on the home page", async ({ page, browser }) => {
  await signInAsAdmin(page);
  const category = await categoryId(page);
  const before = (await adminOrder(page)) as string[];
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), baseURL: server.baseURL });
  const noScript = await context.newPage();
  await noScript.goto(`/manage?category=${category}&photo=${before[1]}`);
  await noScript.getByRole("button", { name: "Move earlier" }).click();
  await expect.poll(() => adminOrder(noScript)).toEqual([before[1], before[0], ...before.slice(2)]);
  expect(await publicOrder(noScript, category)).toEqual([before[1], before[0], ...before.slice(2)]);
  await noScript.getByRole("button", { name: "Move later" }).click();
  await expect.poll(() => adminOrder(noScript)).toEqual(before);

  // The last photo becomes the cover: the home page's tile for this gallery shows it.
  const cover = before.at(-1)!;
  await noScript.goto(`/manage?category=${category}&photo=${cover}`);
  await noScript.getByRole("button", { name: "Use as cover" }).click();
  await expect(noScript.getByTestId("edit-image-place")).toContainText("(the cover photo)");
  await noScript.goto("/");
  await expect(noScript.locator(`.gallery-tile a[href="/gallery/${category}"] img`)).toHaveAttribute("src", new RegExp(cover));
  await context.close();
});

test("many at once: tick photos, move them to another category, delete them with one confirmation", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByLabel("Add new Category").fill("utility rooms");
  await uploadSection(page).getByRole("button", { name: "Add" }).click();
  await expect(page.getByTestId("upload-category")).toHaveText("utility rooms");
  await page.getByLabel("Selected category", { exact: true }).selectOption({ label: "kitchens" });
  await expect(page.getByTestId("edit-category-name")).toHaveText("kitchens");
  await expect(page.locator("[data-photo-id]")).not.toHaveCount(0);
  const names = await page.locator("[data-photo-id] button").evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")!));
  await page.getByRole("checkbox", { name: names[0] }).check();
  await page.getByRole("checkbox", { name: names[1] }).check();
  await expect(page.getByText("2 photos selected")).toBeVisible();
  await page.getByRole("combobox", { name: "Move selected to" }).selectOption({ label: "utility rooms" });
  await page.getByRole("button", { name: "Move selected to" }).click();
  await dismiss(page, "Done", "2 photos moved.");
  await expect(page.locator("[data-photo-id]")).toHaveCount(names.length - 2);

  await page.getByLabel("Selected category", { exact: true }).selectOption({ label: "utility rooms" });
  await page.getByLabel("Select all").check();
  await page.getByRole("button", { name: "Delete selected", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Delete 2 photos?" });
  await confirm.getByRole("button", { name: "Delete 2 photos" }).click();
  await dismiss(page, "Done", "2 photos deleted.");
  await expect(page.getByText("There are no images in utility rooms yet.")).toBeVisible();
});
