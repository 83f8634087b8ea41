import { Outlet } from "react-router";
import { SiteFooter } from "~/web/components/layout/site-footer";
import { SiteHeader } from "~/web/components/layout/site-header";

export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[60] focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1 pt-16">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
