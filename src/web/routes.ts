import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("founders-find", "routes/founders-find.tsx"),
    route("about", "routes/about.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("thank-you", "routes/thank-you.tsx"),
    route("unsubscribe", "routes/unsubscribe.tsx"),
    route("simulations/:slug?", "routes/simulations.tsx"),
    route("simulation-login", "routes/simulation-login.tsx"),
    route("simulation-dashboard", "routes/simulation-dashboard.tsx"),
    route("simulation-report/:slug", "routes/simulation-report.tsx"),
    route("verify/:id", "routes/verify.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // Staff screens: the only ones that load TanStack Query.
  layout("routes/staff-layout.tsx", [
    route("admin", "routes/admin.tsx"),
    route("admin/staff", "routes/admin-staff.tsx"),
    route("admin/newsletter", "routes/admin-newsletter.tsx"),
    route("admin/inbox", "routes/admin-inbox.tsx"),
    route("admin/data-requests", "routes/admin-data-requests.tsx"),
    route("simulation-admin", "routes/simulation-admin.tsx"),
    route("crm-login", "routes/crm-login.tsx"),
    route("crm", "routes/crm.tsx"),
    // My tasks (issue 23): the CRM page's own sign-in and frame, with the signed-in owner's to-do list.
    route("crm/tasks", "routes/crm.tsx", { id: "crm-tasks" }),
    route("crm/analytics", "routes/crm-analytics.tsx"),
    route("setup", "routes/setup.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
