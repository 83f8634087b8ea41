import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("unsubscribe", "routes/unsubscribe.tsx"),
    route("simulations/:slug?", "routes/simulations.tsx"),
    route("founders-find", "routes/founders-find.tsx"),
    route("thank-you", "routes/thank-you.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("admin", "routes/admin.tsx"),
  route("admin/staff", "routes/admin-staff.tsx"),
  route("admin/newsletter", "routes/admin-newsletter.tsx"),
  route("simulation-admin", "routes/simulation-admin.tsx"),
  route("crm-login", "routes/crm-login.tsx"),
  route("crm", "routes/crm.tsx"),
] satisfies RouteConfig;
