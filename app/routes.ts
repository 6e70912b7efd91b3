import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The site map. Resource routes (no component) live under routes/resources.
export default [
  index("routes/public/home.tsx"),

  route("signIn", "routes/auth/sign-in.tsx"),
  route("signOut", "routes/auth/sign-out.tsx", { id: "sign-out" }),
  route("signout", "routes/auth/sign-out.tsx", { id: "sign-out-lowercase" }),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("profile", "routes/account/profile.tsx"),

  ...prefix("manage", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/manage-galleries.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("enquiries", "routes/admin/enquiries.tsx"),
      route("enquiries/:id", "routes/admin/enquiry.tsx"),
      route("backups", "routes/admin/backups.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("content/:doc", "routes/admin/content-edit.tsx"),
      route("content/:doc/history", "routes/admin/content-history.tsx"),
      route("projects", "routes/admin/projects.tsx"),
      route("projects/:id", "routes/admin/project-edit.tsx"),
    ]),
  ]),

  route("manage/visits", "routes/admin/visits.ts"),
  route("manage/content/:doc/autosave", "routes/resources/content-autosave.ts"),
  route("manage/enquiries/:id/photos/:photoId/:size", "routes/resources/enquiry-photo.ts"),
  route("manage/backups/download", "routes/resources/backup-download.ts"),
  route("manage/backups/files/:name", "routes/resources/backup-file.ts"),

  route("manage/uploads/complete", "routes/resources/complete-upload.ts"),
  route("api/auth/*", "routes/resources/auth-api.ts"),
  route("avatars/:file", "routes/resources/avatar.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("gallery/:id", "routes/public/gallery.tsx"),
  route("gallery/:id/images", "routes/resources/gallery-images.ts"),
  route("media/:imageId/:variant", "routes/resources/image.ts"),
  route("aboutme", "routes/public/about.tsx"),
  route("services", "routes/public/services.tsx"),
  route("projects", "routes/public/projects.tsx"),
  route("projects/:slug", "routes/public/project.tsx"),
  route("webdev", "routes/public/webdev.tsx"),
  route("ha", "routes/public/home-automation.tsx"),
  route("contact", "routes/public/contact.tsx"),
  route("contact/quote", "routes/resources/quote.ts"),
  route("contact/challenge", "routes/resources/quote-challenge.ts"),
  route("contact/thanks", "routes/public/quote-sent.tsx"),
  route("privacy", "routes/public/privacy.tsx"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
