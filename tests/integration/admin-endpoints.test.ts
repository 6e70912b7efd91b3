import { afterAll, beforeAll, expect, it } from "vitest";
import { buildMissingReason } from "../setup/build";
import { describeEachDialect } from "../setup/databases";
import { HttpClient, createVerifiedUser } from "../support/http-client";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPorts } from "../support/ports";

// These run the production build as a real server, once on SQLite and once on PostgreSQL.
const PASSWORD = "server-test-password-1";
const ADMIN_PAGES = ["/manage", "/manage/users", "/manage/dashboard", "/manage/enquiries", "/manage/backups", "/manage/reviews"];
const ports = testPorts("integration/admin-endpoints");

// Each on an empty database of its own, which the server migrates at start-up.
await describeEachDialect("admin endpoints", { migrate: false, skipReason: buildMissingReason }, (database) => {
  let server: RunningServer;
  const admin = { client: undefined as unknown as HttpClient, id: "" };
  const member = { client: undefined as unknown as HttpClient, id: "" };
  let visitor: HttpClient;

  beforeAll(async () => {
    server = await startIsolatedServer(ports[database.kind === "sqlite" ? 0 : 1]!, { DATABASE_URL: database.url });
    admin.client = new HttpClient(server.baseURL);
    member.client = new HttpClient(server.baseURL);
    visitor = new HttpClient(server.baseURL);
    await createVerifiedUser(admin.client, server.dataDir, "admin@server.test", PASSWORD);
    await createVerifiedUser(member.client, server.dataDir, "member@server.test", PASSWORD);
    const users = await database.db.selectFrom("user").select(["id", "email"]).execute();
    member.id = users.find((u) => u.email === "member@server.test")!.id;
    admin.id = users.find((u) => u.email === "admin@server.test")!.id;
  }, 60_000);

  afterAll(async () => server?.stop());

  it("the first verified account is admin and can use the admin pages", async () => {
    for (const path of ADMIN_PAGES) expect((await admin.client.get(path)).status, path).toBe(200);
  });

  it("pages: a visitor is sent to /signIn, a member gets 403", async () => {
    for (const path of ADMIN_PAGES) {
      const asVisitor = await visitor.get(path);
      expect(asVisitor.status, path).toBe(302);
      expect(asVisitor.headers.get("location")).toBe(`/signIn?redirectTo=${encodeURIComponent(path)}`);
      const asMember = await member.client.get(path);
      expect(asMember.status, path).toBe(403);
      // Nothing of the page reaches them: no figures, no enquiries, no backups.
      expect(await asMember.text()).not.toMatch(/data-testid="(visits-7|unread-enquiries)"|Download a fresh backup/);
    }
  });

  it("admin actions replayed with a member's or a visitor's cookies are refused and change nothing", async () => {
    const requests = [
      { intent: "grant-admin", userId: member.id },
      { intent: "remove-admin", userId: admin.id },
      { intent: "delete", userId: admin.id },
    ];
    for (const body of requests) {
      expect((await visitor.post("/manage/users", body)).status).toBe(401);
      expect((await member.client.post("/manage/users", body)).status).toBe(403);
    }
    // Still exactly as before: the admin is still an admin and sees both accounts, the member is still a member.
    const users = await admin.client.get("/manage/users");
    expect(users.status).toBe(200);
    const page = await users.text();
    expect(page).toContain("member@server.test");
    expect(page).toContain("admin@server.test");
    const profile = await (await member.client.get("/profile")).text();
    expect(profile).toMatch(/data-testid="profile-status">Member</);
  });

  it("gallery writes replayed with a member's or a visitor's cookies are refused and change nothing", async () => {
    const created = await admin.client.post("/manage?index", { intent: "create-category", name: "Protected" });
    expect(created.status).toBe(200);
    const category = await database.db.selectFrom("category").select(["id", "name"]).where("name", "=", "Protected").executeTakeFirstOrThrow();
    const writes: Record<string, string>[] = [
      { intent: "create-category", name: "Intruder" },
      { intent: "rename-category", categoryId: String(category.id), name: "Renamed" },
      { intent: "delete-category", categoryId: String(category.id) },
      { intent: "save-image", imageId: "0190f000-0000-7000-8000-000000000001", version: "1", name: "x", title: "", caption: "" },
      { intent: "move-image", imageId: "0190f000-0000-7000-8000-000000000001", version: "1", categoryId: String(category.id) },
      { intent: "delete-image", imageId: "0190f000-0000-7000-8000-000000000001" },
    ];
    for (const body of writes) {
      expect((await visitor.post("/manage?index", body)).status, body.intent).toBe(401);
      expect((await member.client.post("/manage?index", body)).status, body.intent).toBe(403);
    }
    const complete = { uploadId: "0".repeat(32), categoryId: String(category.id), name: "sneaky", title: "", caption: "" };
    expect((await visitor.post("/manage/uploads/complete", complete)).status).toBe(401);
    expect((await member.client.post("/manage/uploads/complete", complete)).status).toBe(403);
    for (const [client, status] of [[visitor, 401], [member.client, 403]] as const) {
      const tus = await fetch(`${server.baseURL}/api/uploads`, {
        method: "POST",
        headers: { origin: server.baseURL, cookie: client.cookieHeader, "tus-resumable": "1.0.0", "upload-length": "10" },
      });
      expect(tus.status).toBe(status);
    }
    const names = (await database.db.selectFrom("category").select("name").execute()).map((c) => c.name);
    expect(names).toContain("Protected");
    expect(names).not.toContain("Intruder");
    expect(names).not.toContain("Renamed");
  });

  it("review actions replayed with a member's or a visitor's cookies are refused and change nothing", async () => {
    const writes: Record<string, string>[] = [
      { intent: "ask", customerName: "Ivy Intruder", contact: "ivy@intruder.test", job: "Nothing at all", service: "tiling", remind: "on" },
      { intent: "add", source: "made up", rating: "5", body: "A glowing review nobody ever wrote.", displayName: "Fake F.", town: "", service: "tiling", month: "2026-01" },
      { intent: "hold", reviewId: "0190f000-0000-7000-8000-000000000001", reason: "offensive" },
      { intent: "publish", reviewId: "0190f000-0000-7000-8000-000000000001" },
      { intent: "reply", reviewId: "0190f000-0000-7000-8000-000000000001", reply: "Not mine to write" },
      { intent: "stop-reminder", requestId: "0190f000-0000-7000-8000-000000000001" },
    ];
    for (const body of writes) {
      expect((await visitor.post("/manage/reviews", body)).status, body.intent).toBe(401);
      expect((await member.client.post("/manage/reviews", body)).status, body.intent).toBe(403);
    }
    const ask = { intent: "ask-review", remind: "on" };
    expect((await visitor.post("/manage/enquiries/0190f000-0000-7000-8000-000000000001", ask)).status).toBe(401);
    expect((await member.client.post("/manage/enquiries/0190f000-0000-7000-8000-000000000001", ask)).status).toBe(403);
    expect(await database.db.selectFrom("review").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("reviewRequest").selectAll().execute()).toEqual([]);
    // The admin's own post goes through (the refusals above were about who, not what).
    expect((await admin.client.post("/manage/reviews", writes[1]!)).status).toBe(200);
    expect(await database.db.selectFrom("review").select("source").execute()).toEqual([{ source: "made up" }]);
  });

  it("Better Auth's own admin and account endpoints are not reachable over HTTP", async () => {
    for (const path of ["/api/auth/admin/list-users", "/api/auth/admin/set-role", "/api/auth/admin/remove-user", "/api/auth/sign-up/email", "/api/auth/sign-in/email", "/api/auth/change-password", "/api/auth/update-user"]) {
      const response = await member.client.request("POST", path);
      expect(response.status, path).toBe(404);
    }
  });

  it("a cross-site form post is refused even with the admin's cookies", async () => {
    const response = await fetch(`${server.baseURL}/manage/users`, {
      method: "POST",
      headers: { origin: "https://evil.example", cookie: admin.client.cookieHeader, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "grant-admin", userId: member.id }),
      redirect: "manual",
    });
    expect(response.status).toBe(403);
  });

  it("the admin can grant admin, and the session decides on the next request", async () => {
    const grant = await admin.client.post("/manage/users", { intent: "grant-admin", userId: member.id });
    expect(grant.status).toBe(200);
    expect((await member.client.get("/manage")).status).toBe(200);
    const revoke = await admin.client.post("/manage/users", { intent: "remove-admin", userId: member.id });
    expect(revoke.status).toBe(200);
    expect((await member.client.get("/manage")).status).toBe(403);
  });

  it("changing the password revokes the account's other sessions", async () => {
    const second = new HttpClient(server.baseURL);
    const signIn = await second.post("/signIn", { intent: "sign-in", email: "member@server.test", password: PASSWORD, redirectTo: "/" });
    expect(signIn.status).toBe(200);
    expect((await second.get("/profile")).status).toBe(200);
    // As the page's form sends it (a data request, answered with the new session cookie).
    const change = await member.client.post("/profile.data", { intent: "password", currentPassword: PASSWORD, newPassword: "server-test-password-2" });
    expect(change.status).toBe(200);
    expect((await member.client.get("/profile")).status).toBe(200);
    expect((await second.get("/profile")).status).toBe(302);
  });
});
