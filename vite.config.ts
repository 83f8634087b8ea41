import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The small modules every public page loads (besides its route module), bundled as ONE browser chunk:
 * compressed together they are ~25% smaller than as a dozen tiny files (scripts/bench/pages.ts).
 * Only modules that the home page loads up front belong here; dialogs stay lazy chunks of their own.
 */
const PUBLIC_CORE = [
  /\/src\/shared\/constants\.ts$/,
  /\/src\/shared\/program\/(teaser|figures)\.ts$/,
  // The hero figures of / and /founders-find: smaller than a request of their own.
  /\/src\/web\/features\/program\/marketing-figures\.tsx$/,
  /\/src\/web\/lib\/(toast|analytics|section-scroll|meta|site-settings)\.ts$/,
  /\/src\/web\/components\/ui\/(icons|button|toaster)\.tsx$/,
  /\/src\/web\/components\/layout\/[^/]+\.tsx?$/,
  /\/src\/web\/features\/contact\/(contact-store\.ts|footer-modals\.tsx)$/,
  /\/src\/web\/features\/(newsletter\/newsletter-form|booking\/booking-button)\.tsx$/,
  /vite\/preload-helper/,
  // React, React DOM and React Router: every page needs them, and one file compresses better than three.
  /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//,
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~/shared": fileURLToPath(new URL("./src/shared", import.meta.url)),
      "~/web": fileURLToPath(new URL("./src/web", import.meta.url)),
    },
  },
  build: {
    assetsInlineLimit: 0,
    // Terser packs the public core ~3% smaller than esbuild's minifier (gzip -9: 113.5 KB against 116.9 KB)
    // for a few seconds of build time; this chunk is the first-load budget of every public page.
    minify: isSsrBuild ? false : "terser",
    // No preload helper (~0.25 KB compressed on every page): lazy dialogs fetch their own imports.
    modulePreload: false,
    rollupOptions: isSsrBuild
      ? {}
      : { output: { manualChunks: (id: string) => (PUBLIC_CORE.some((pattern) => pattern.test(id)) ? "public-core" : undefined) } },
  },
}));
