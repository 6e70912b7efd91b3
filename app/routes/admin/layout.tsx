import { Badge, Nav } from "react-bootstrap";
import { NavLink, Outlet } from "react-router";
import { MailSetupNotice } from "~/components/manage/mail-setup-notice";
import { requireAdminPage } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/client.server";
import { countUnreadEnquiries } from "~/server/db/enquiries.server";
import { getEnv } from "~/server/env.server";
import { getMailSetupProblem } from "~/server/mail/mail-setup.server";
import type { Route } from "./+types/layout";

// Every page under /manage is for admins; each action also checks for itself.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { unread: await countUnreadEnquiries(getDb()), mailSetup: getMailSetupProblem(getEnv()) };
}

/** The tabs of /manage, in this order; Enquiries shows how many are unread. */
const SECTIONS = [
  { to: "/manage", label: "Galleries" },
  { to: "/manage/enquiries", label: "Enquiries" },
  { to: "/manage/reviews", label: "Reviews" },
  { to: "/manage/dashboard", label: "Dashboard" },
  { to: "/manage/content", label: "Content" },
  { to: "/manage/projects", label: "Projects" },
  { to: "/manage/users", label: "Users" },
  { to: "/manage/backups", label: "Backups" },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { unread, mailSetup } = loaderData;
  return (
    <div className="container py-4 admin-area">
      <Nav variant="tabs" className="mb-4" as="ul" aria-label="Admin sections">
        {SECTIONS.map(({ to, label }) => (
          <Nav.Item as="li" key={to}>
            <Nav.Link as={NavLink} to={to} end={to === "/manage"}>
              {label}
              {to === "/manage/enquiries" && unread > 0 ? (
                <Badge bg="danger" pill className="ms-1" data-testid="unread-enquiries">
                  {unread}
                  <span className="visually-hidden"> unread</span>
                </Badge>
              ) : null}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {/* The content editor, projects, enquiries and backups post plain forms; Users and most of Galleries need script. */}
      <noscript>
        <div className="alert alert-warning" role="alert">
          Users and most of Galleries (uploading, naming, choosing many photos) need JavaScript: please switch it on in your
          browser for them. Content, projects, enquiries and backups work without it.
        </div>
      </noscript>
      {mailSetup ? <MailSetupNotice problem={mailSetup} /> : null}
      <Outlet />
    </div>
  );
}
