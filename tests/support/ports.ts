/**
 * Every fixed port the tests listen on: E2E_PORT (default 3210) plus an offset, handed out here and nowhere else.
 * Vitest runs two test files at once, so two files sharing a port would talk to each other's servers. Each file
 * asks for its own block by name; blocks follow one another in this order, so no two can overlap, and a run
 * uses E2E_PORT to E2E_PORT + TEST_PORT_SPAN - 1 (give two runs on one machine ranges at least that far apart).
 */
const BLOCKS = {
  // Playwright's own server (playwright.config.ts), which most specs use.
  "e2e/web-server": 1,
  "e2e/accounts": 2, // the site, then the OpenID Connect provider
  "e2e/backups": 1,
  "e2e/enquiries": 1,
  "e2e/gallery": 1,
  "e2e/html-first": 2, // the site, then the OpenID Connect provider
  "e2e/manage-galleries": 1,
  "e2e/media": 1,
  "e2e/page-styles": 1,
  "e2e/public-pages": 1,
  "e2e/resume-images": 1,
  "e2e/seo": 1,
  "e2e/services": 1,
  "e2e/visitor-counter": 1,
  "integration/admin-endpoints": 2, // SQLite, PostgreSQL
  "integration/backup-admin": 2,
  "integration/backup-restore": 3,
  "integration/crash-recovery": 1,
  "integration/dashboard": 1,
  "integration/enquiries-server": 3, // SQLite, PostgreSQL, the spam limits
  "integration/first-visits": 2, // SQLite, PostgreSQL
  "integration/hardening-server": 1,
  "integration/page-cache-server": 3, // SQLite, then two instances on PostgreSQL
  "integration/healthz": 2,
  "integration/test-ports": 1,
  "integration/two-instances": 2,
  "integration/upload-endpoint": 1,
  "integration/restore-safety": 1,
  "integration/html-validity": 1,
  "integration/mail-setup": 1,
  "e2e/reviews": 1,
  "integration/kept-pages": 2, // two servers on copies of one site
  "e2e/content-editor": 1,
  "integration/content-instances": 2, // two instances on PostgreSQL
  "integration/env-file": 2, // .env read by npm run serve; the environment winning over it
  "e2e/projects": 1,
  "e2e/admin-phone": 1,
} satisfies Record<string, number>;

export type PortOwner = keyof typeof BLOCKS;

const BASE = Number(process.env.E2E_PORT ?? 3210);

export const TEST_PORT_SPAN = Object.values(BLOCKS).reduce((sum, count) => sum + count, 0);

/** The ports that belong to one test file, lowest first. */
export function testPorts(owner: PortOwner): number[] {
  let offset = 0;
  for (const [name, count] of Object.entries(BLOCKS)) {
    if (name === owner) return Array.from({ length: count }, (_, i) => BASE + offset + i);
    offset += count;
  }
  throw new Error(`no ports for ${owner}`);
}

/** The one port of a file that has a single one. */
export function testPort(owner: PortOwner): number {
  const [port] = testPorts(owner);
  return port!;
}
