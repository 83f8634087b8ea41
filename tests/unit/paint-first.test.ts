import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { PAINT_WAIT_MS, paintFirst } from "~/server/platform/paint-first";

// The shape React Router 7 renders for a page (trimmed manifest): preloads in the head, and a module
// bootstrap that imports the route modules statically and then the client entry.
const page = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>
<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/core-B.js"/><link rel="modulepreload" href="/assets/root-C.js"/><link rel="modulepreload" href="/assets/home-D.js"/>
<link rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>
<style id="app-css">body{margin:0}</style></head><body><main><h1>Hello</h1></main>
<script>window.__reactRouterContext = {"ssr":true};</script><script type="module" async="">;
import * as route0 from "/assets/root-C.js";
import * as route1 from "/assets/home-D.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js","imports":["/assets/core-B.js"]},"version":"1"};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-A.js");</script><script>window.__reactRouterContext.streamController.close();</script></body></html>`;

const bootstrapOf = (html: string) => /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;

describe("paint first, then hydrate (the shared render of public pages)", () => {
  const rewritten = paintFirst(page);
  const bootstrap = bootstrapOf(rewritten);

  it("takes the module preloads out of the head and the static imports out of the bootstrap", () => {
    expect(rewritten).not.toContain('rel="modulepreload" href=');
    expect(bootstrap).not.toMatch(/^\s*import \* as/m);
    // The rest of the page is untouched: the font preload, the styles, the content, the other scripts.
    expect(rewritten).toContain('<link rel="preload" href="/assets/inter.woff2"');
    expect(rewritten).toContain("<main><h1>Hello</h1></main>");
    expect(rewritten).toContain("streamController.close();</script></body></html>");
  });

  it("waits for the first contentful paint, with a time limit, before it fetches any module", () => {
    const wait = bootstrap.indexOf('"first-contentful-paint"');
    expect(wait).toBeGreaterThan(-1);
    expect(bootstrap).toContain(`setTimeout(go, ${PAINT_WAIT_MS})`);
    expect(bootstrap.indexOf("modulepreload")).toBeGreaterThan(wait);
    expect(bootstrap.indexOf("import(")).toBeGreaterThan(wait);
  });

  it("then preloads every module the page listed, imports the route modules by the same names and runs the entry", () => {
    expect(bootstrap).toContain('["/assets/entry.client-A.js","/assets/core-B.js","/assets/root-C.js","/assets/home-D.js"]');
    expect(bootstrap).toContain('const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/home-D.js")]);');
    expect(bootstrap).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(bootstrap.trimEnd()).toMatch(/import\("\/assets\/entry\.client-A\.js"\);\n\}\)\(\);$/);
  });

  it("is a script a browser can parse", () => {
    expect(() => new vm.Script(bootstrap)).not.toThrow();
  });

  it("leaves a page alone when its bootstrap does not have the expected shape", () => {
    const noPreloads = page.replace(/<link rel="modulepreload"[^>]*>/g, "");
    expect(paintFirst(noPreloads)).toBe(noPreloads);
    const noEntry = page.replace('import("/assets/entry.client-A.js");', "");
    expect(paintFirst(noEntry)).toBe(noEntry);
    const noRoutes = page.replace(/import \* as route\d from "[^"]+";/g, "");
    expect(paintFirst(noRoutes)).toBe(noRoutes);
  });
});
