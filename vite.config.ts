import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~/shared": fileURLToPath(new URL("./src/shared", import.meta.url)),
      "~/web": fileURLToPath(new URL("./src/web", import.meta.url)),
    },
  },
  build: { assetsInlineLimit: 0 },
});
