import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import boundaries (ARCHITECTURE.md): web and server meet only in shared. */
const boundary = (forbidden, why) => ({
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        { group: forbidden, message: why },
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ["build/", "dist/", "node_modules/", ".react-router/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary(["~/server", "~/server/*", "**/server/**", "../server/*", "../../server/*"], "web must not import server code: go through /api or the load context"),
    },
  },
  {
    files: ["src/server/**/*.ts"],
    rules: boundary(["~/web", "~/web/*", "**/web/**", "react", "react-dom", "react-dom/*"], "server must not import web code"),
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: boundary(["~/web/*", "~/server/*", "**/web/**", "**/server/**", "node:*", "react"], "shared holds no Node, React, web or server code"),
  },
);
