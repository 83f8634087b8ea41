/**
 * Paint first, then hydrate: a rewrite of a finished public page (the shared render that the public
 * cache keeps) so that the browser fetches the page's JavaScript only after it has painted.
 *
 * Why: React Router's page lists its modules as `<link rel="modulepreload">` in the head and imports
 * the route modules statically from its inline bootstrap. On a phone's connection those ten requests
 * share the line with the HTML and the font and hold the first paint back (Lighthouse, mobile: first
 * contentful paint 2.7 s with them, 1.3 s without). The page is complete HTML with its styles inline,
 * so nothing a visitor sees needs the JavaScript; the rewritten bootstrap waits for the first
 * contentful paint (at most PAINT_WAIT_MS), then preloads the same modules in parallel, imports the
 * route modules and runs the rest of React Router's bootstrap unchanged.
 *
 * The rewrite is all or nothing: a page whose bootstrap does not have the expected shape (another
 * React Router version, an error page) is returned as it was.
 */

/** A tab in the background never paints; after this long the page hydrates anyway. */
export const PAINT_WAIT_MS = 3000;

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const BOOTSTRAP = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /^\s*import \* as (route\d+) from ("[^"\\]+");\s*$/gm;
const ENTRY_IMPORT = /\bimport\(("[^"\\]+")\);\s*$/;

/** Resolves after the first contentful paint, at once in a hidden tab, or after PAINT_WAIT_MS. */
const WAIT_FOR_PAINT = `await new Promise((go) => {
  if (document.visibilityState !== "visible") return go();
  setTimeout(go, ${PAINT_WAIT_MS});
  try {
    if (performance.getEntriesByName("first-contentful-paint").length) return go();
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); go(); }
    }).observe({ type: "paint", buffered: true });
  } catch { go(); }
});`;

export function paintFirst(html: string): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
  const bootstrap = BOOTSTRAP.exec(html);
  if (!preloads.length || !bootstrap) return html;
  const [whole, open, body, close] = bootstrap as unknown as [string, string, string, string];
  const imports = [...body.matchAll(STATIC_IMPORT)].map(([, name, url]) => ({ name: name!, url: url! }));
  if (!imports.length || !ENTRY_IMPORT.test(body)) return html;

  const rest = body.replace(STATIC_IMPORT, "").replace(/^\s*;\s*/, "");
  const script = [
    "(async () => {",
    WAIT_FOR_PAINT,
    `for (const href of ${JSON.stringify(preloads)}) {`,
    `  const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link);`,
    "}",
    `const [${imports.map((i) => i.name).join(", ")}] = await Promise.all([${imports.map((i) => `import(${i.url})`).join(", ")}]);`,
    rest.trim(),
    "})();",
  ].join("\n");
  return html.replace(MODULE_PRELOAD, "").replace(whole, () => open + script + close);
}
