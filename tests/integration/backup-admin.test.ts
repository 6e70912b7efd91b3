import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, readlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { backupToFile, recordSkippedBackup } from "~/server/backup/backup-runs.server";
import { restoreBackup } from "~/server/backup/restore-backup.server";
import { createDb } from "~/server/db/client.server";
import { LocalStorage } from "~/server/storage/local.server";
import { buildMissingReason } from "../setup/build";
import { describeUnless } from "../setup/describe-unless";
import { createTestDatabase } from "../setup/databases";
import { HttpClient, createVerifiedUser } from "../support/http-client";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { readAllRows } from "../support/site-data";
import { testPorts } from "../support/ports";

const [PORT, ZONE_PORT] = testPorts("integration/backup-admin") as [number, number];
const PASSWORD = "backup-admin-password-1";
const BIG = 32 * 1024 * 1024;

async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeUnless(buildMissingReason(), "the Backups page and downloads", () => {
  let server: RunningServer;
  let admin: HttpClient;
  let member: HttpClient;
  let visitor: HttpClient;
  let backups: string;
  const lock = () => existsSync(path.join(backups, ".lock"));

  beforeAll(async () => {
    server = await startIsolatedServer(PORT);
    backups = path.join(server.dataDir, "backups");
    admin = new HttpClient(server.baseURL);
    member = new HttpClient(server.baseURL);
    visitor = new HttpClient(server.baseURL);
    await createVerifiedUser(admin, server.dataDir, "admin@backups.test", PASSWORD);
    await createVerifiedUser(member, server.dataDir, "member@backups.test", PASSWORD);
    // 32 MB that gzip cannot shrink, more than the system's socket buffers hold, so a download cannot finish
    // while nobody reads it.
    await new LocalStorage(path.join(server.dataDir, "uploads")).put("images/big/w2048.jpg", randomBytes(BIG));
  }, 60_000);
  afterAll(async () => server?.stop());

  it("is for admins only: visitors are sent to sign in, members are refused, and no backup is made", async () => {
    const page = await visitor.get("/manage/backups");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/signIn?redirectTo=%2Fmanage%2Fbackups");
    expect((await member.get("/manage/backups")).status).toBe(403);
    expect((await visitor.post("/manage/backups/download", {})).status).toBe(401);
    expect((await member.post("/manage/backups/download", {})).status).toBe(403);
    expect((await member.get("/manage/backups/files/backup-2026-01-01T03-00-00Z.tar.gz")).status).toBe(403);
    expect(existsSync(backups)).toBe(false);
  });

  it("says when no backup has been made yet and offers a fresh one", async () => {
    const page = await admin.get("/manage/backups");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.includes("No backup has been made on this server yet.")).toBe(true);
    expect(html.includes("every day at 03:00")).toBe(true);
    const form = /<form[^>]*>/.exec(html.slice(html.indexOf("download-heading")))?.[0];
    expect(form).toContain('action="/manage/backups/download"');
    expect(form).toContain('method="post"');
  });

  it("streams a fresh backup while it is being made, one at a time, and the file restores", async () => {
    const response = await admin.post("/manage/backups/download", {});
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="site-backup-.+\.tar\.gz"$/);
    expect(response.headers.get("content-length")).toBeNull();
    // The answer has begun and the backup is still running: it waits for the browser to read.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lock()).toBe(true);

    const second = await admin.post("/manage/backups/download", {});
    expect(second.status).toBe(302);
    expect(second.headers.get("location")).toBe("/manage/backups?busy=1");
    expect((await (await admin.get("/manage/backups?busy=1")).text()).includes("A backup is being made right now.")).toBe(true);

    const archive = path.join(server.dataDir, "..", `download-${path.basename(server.dataDir)}.tar.gz`);
    await writeFile(archive, Buffer.from(await response.arrayBuffer()));
    await waitFor(() => !lock(), "the lock to be released");

    const target = await createTestDatabase("sqlite", { migrate: false });
    const work = await mkdtemp(path.join(os.tmpdir(), "download-restore-"));
    const source = createDb({ kind: "sqlite", file: path.join(server.dataDir, "site.db") });
    try {
      await restoreBackup(archive, { db: target.db, storage: new LocalStorage(path.join(work, "uploads")), jobDirectory: path.join(work, "jobs") });
      expect((await readAllRows(target.db)).user).toHaveLength(2);
      // Every row as the live site holds it, but the visitor count: visits are counted in memory and written twice a
      // second, so one counted before the snapshot may reach the live database after it. The copy never has more.
      const { visitCounter: restoredCount, visitDay: restoredDays, ...restored } = await readAllRows(target.db);
      const { visitCounter: liveCount, visitDay: liveDays, ...live } = await readAllRows(source);
      expect(restored).toEqual(live);
      const total = (rows: string[] | undefined) => (rows ?? []).reduce((sum, row) => sum + Number(JSON.parse(row).count), 0);
      expect(total(restoredCount)).toBeLessThanOrEqual(total(liveCount));
      expect(total(restoredDays)).toBeLessThanOrEqual(total(liveDays));
      expect(restoredCount).toHaveLength(1);
      expect((await readFile(path.join(work, "uploads", "images", "big", "w2048.jpg"))).length).toBe(BIG);
    } finally {
      await source.destroy();
      await target.destroy();
    }
    // A download is not kept on the server, and is not the "last backup".
    expect((await readdir(backups)).filter((name) => !name.startsWith("."))).toEqual([]);
  });

  it("stops the backup and frees the lock when the download is cancelled", async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.baseURL}/manage/backups/download`, {
      method: "POST",
      headers: { cookie: admin.cookieHeader, origin: server.baseURL, "content-type": "application/x-www-form-urlencoded" },
      body: "",
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(lock()).toBe(true);
    controller.abort();
    await waitFor(() => !lock(), "the lock to be released after the cancel");
    await waitFor(async () => (await readdir(backups)).every((name) => !name.startsWith(".work-")), "the work folder to be removed");
  });

  it("shows the last backup and the kept ones, and lets an admin download a kept one", async () => {
    const source = { database: { kind: "sqlite" as const, file: path.join(server.dataDir, "site.db") }, storage: new LocalStorage(path.join(server.dataDir, "uploads")), storageKind: "local" as const, dataDir: server.dataDir };
    const { file, size } = await backupToFile(source, { trigger: "command" });
    const name = path.basename(file);
    const html = await (await admin.get("/manage/backups")).text();
    for (const text of ["Completed", "made with npm run backup", `/manage/backups/files/${name}`]) expect(html.includes(text), text).toBe(true);

    const download = await admin.get(`/manage/backups/files/${name}`);
    expect(download.status).toBe(200);
    expect(Number(download.headers.get("content-length"))).toBe(size);
    expect(Buffer.from(await download.arrayBuffer()).equals(await readFile(file))).toBe(true);
    // A HEAD (a download manager's first look) gets the headers and leaves no file open in the server.
    const openHandles = async () => {
      const fds = await readdir(`/proc/${server.pid}/fd`);
      const targets = await Promise.all(fds.map((fd) => readlink(`/proc/${server.pid}/fd/${fd}`).catch(() => "")));
      return targets.filter((target) => target === file).length;
    };
    for (let i = 0; i < 20; i++) {
      const head = await fetch(`${server.baseURL}/manage/backups/files/${name}`, { method: "HEAD", headers: { cookie: admin.cookieHeader } });
      expect(head.status).toBe(200);
      expect(Number(head.headers.get("content-length"))).toBe(size);
    }
    await waitFor(async () => (await openHandles()) === 0, "the backup file to be closed after the HEADs");
    expect((await admin.get("/manage/backups/files/..%2Fsite.db")).status).toBe(404);
    expect((await admin.get("/manage/backups/files/backup-2020-01-01T03-00-00Z.tar.gz")).status).toBe(404);
  });

  it("the privacy note gives the default of seven days for the nightly backups", async () => {
    const html = (await (await visitor.get("/privacy")).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("for up to 7 more days");
  });

  it("shows a skipped daily backup on the page, until a later backup is made", async () => {
    await recordSkippedBackup(server.dataDir, { at: new Date().toISOString(), reason: "another backup or a restore was running at that time." });
    const html = (await (await admin.get("/manage/backups")).text()).replaceAll("<!-- -->", "");
    expect(html).toMatch(/The daily backup due <time[^>]*>[^<]+<\/time> \([^)]+ time\) was skipped: another backup or a restore was running at that time\. The next one runs as planned/);
  });

  it("records a failed backup with its reason", async () => {
    await mkdir(backups, { recursive: true });
    const source = { database: { kind: "sqlite" as const, file: path.join(server.dataDir, "missing", "nothing.db") }, storage: new LocalStorage(path.join(server.dataDir, "uploads")), storageKind: "local" as const, dataDir: server.dataDir };
    await expect(backupToFile(source, { trigger: "schedule" })).rejects.toThrow(/nothing to back up/);
    const html = await (await admin.get("/manage/backups")).text();
    for (const text of ["Failed", "nothing to back up"]) expect(html.includes(text), text).toBe(true);
  });
});

// The daily backup runs on the server's clock (TZ): the page shows its times on that clock, and the privacy note
// tells customers how long the backups keep their enquiry (BACKUP_KEEP).
describeUnless(buildMissingReason(), "the Backups page and the privacy note follow the server's settings", () => {
  let server: RunningServer;
  let admin: HttpClient;
  const zone = "America/New_York";

  beforeAll(async () => {
    server = await startIsolatedServer(ZONE_PORT, { TZ: zone, BACKUP_SCHEDULE: "02:30", BACKUP_KEEP: "5" });
    admin = new HttpClient(server.baseURL);
    await createVerifiedUser(admin, server.dataDir, "admin@zone.test", PASSWORD);
  }, 60_000);
  afterAll(async () => server?.stop());

  it("shows the schedule and the backups' times in the server's time zone", async () => {
    const source = { database: { kind: "sqlite" as const, file: path.join(server.dataDir, "site.db") }, storage: new LocalStorage(path.join(server.dataDir, "uploads")), storageKind: "local" as const, dataDir: server.dataDir };
    await backupToFile(source, { trigger: "command" });
    const last = JSON.parse(await readFile(path.join(server.dataDir, "backups", "last-backup.json"), "utf8")) as { finishedAt: string };
    const html = await (await admin.get("/manage/backups")).text();
    expect(html).toContain(`every day at 02:30 (the server&#x27;s time, ${zone})`);
    const format = (timeZone: string) => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(last.finishedAt));
    expect(html).toContain(`>${format(zone)}</time>`);
    // London is five hours ahead of New York: the old page's time would be another one.
    expect(format("Europe/London")).not.toBe(format(zone));
    expect(html).not.toContain(format("Europe/London"));
  });

  it("the privacy note says the nightly backups keep an enquiry BACKUP_KEEP more days", async () => {
    const html = (await (await fetch(`${server.baseURL}/privacy`)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("keeps the newest 5");
    expect(html).toContain("for up to 5 more days");
    expect(html).toMatch(/download a backup to keep somewhere safe away from the server\. Such a copy is [^<]*to\s+look after/);
  });
});
