import { useEffect, type ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { GoogleAnalytics } from "./components/layout/google-analytics";
import { Toaster } from "./components/ui/toaster";
import { track } from "./lib/analytics";
import { useNonce } from "./lib/nonce";
import { useFocusMemory } from "./lib/return-focus";
// Inlined rather than linked: a render-blocking stylesheet request was most of a phone's first paint
// (Lighthouse, slow 4G); at ~6 KB compressed the styles ride along with the HTML.
import appCss from "./app.css?inline";
import appCssUrl from "./app.css?url";
import libraryCss from "./library.css?inline";
import { FONT_FACES, FONT_URL } from "./lib/fonts";

/**
 * The server renders the styles into the page; the browser reuses what the page already holds, so the
 * stylesheet is not shipped a second time inside the JavaScript (the production client build drops the
 * import). In development the client keeps the import so that style changes hot-reload.
 */
const inlineCss = (library: boolean) =>
  import.meta.env.SSR || import.meta.env.DEV ? FONT_FACES + (library ? libraryCss : appCss) : (document.getElementById("app-css")?.textContent ?? "");

/** The library's page carries only its own styles inline (library.css): the site's follow once it has loaded. */
const LIBRARY_ROUTE = "routes/simulations";

function useSiteStylesAfterLibrary() {
  useEffect(() => {
    if (!document.getElementById("app-css")?.hasAttribute("data-library")) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = appCssUrl;
    document.head.append(link);
  }, []);
}

export function loader({ context }: Route.LoaderArgs) {
  return { publicBaseUrl: context.publicBaseUrl, site: context.site };
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const library = useMatches().some((match) => match.id === LIBRARY_ROUTE);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3730a3" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Fetched with the HTML rather than after the styles are read: the swap to Inter comes before first paint on most visits. */}
        <link rel="preload" href={FONT_URL} as="font" type="font/woff2" crossOrigin="anonymous" />
        <Meta />
        <style id="app-css" data-library={library || undefined} dangerouslySetInnerHTML={{ __html: inlineCss(library) }} suppressHydrationWarning />
        <Links />
        <GoogleAnalytics measurementId={root?.site.gaMeasurementId ?? null} nonce={nonce} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { pathname } = useLocation();
  useSiteStylesAfterLibrary();
  // From the first page on, so a dialog however opened can give the focus back (return-focus.ts).
  useFocusMemory();
  // A page view on every route change (spec §1).
  useEffect(() => track("page_view"), [pathname]);
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto grid min-h-screen max-w-xl place-content-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-bold">{status === 404 ? "404 Page Not Found" : "Something went wrong"}</h1>
      <p className="text-slate-600">
        {status === 404 ? "Did you forget to add the page to the router?" : "Please reload the page or try again later."}
      </p>
      <a className="text-brand-600 underline" href="/">
        Go to the homepage
      </a>
    </main>
  );
}
