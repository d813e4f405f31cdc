// ESLint (flat config), run by `npm run lint` with Prettier's check (.ci/run runs both):
// - typescript-eslint's recommended rules;
// - the layers of docs/architecture.md ("Layers"): a lower layer never imports a higher one, a route never imports a
//   provider, the browser's code never imports the server's (types excepted: they leave nothing behind);
// - lines of at most 120 characters, React components of at most 100 lines.
import js from "@eslint/js"
import tseslint from "typescript-eslint"

/** The plugin's layers, lowest first, and what each may not import (every folder above it). */
const LAYERS = [
  ["utils", []],
  ["service", ["utils"]],
  ["core", ["utils", "service"]],
  ["client", ["utils", "service"]],
  ["config", ["utils", "service", "core", "client"]],
  ["modules", ["utils", "service", "core", "client", "config"]],
  ["links", ["modules"]],
  ["medusa", ["utils", "service", "core", "client", "config", "modules"]],
  ["use-cases", ["utils", "service", "core", "client", "config", "modules", "medusa"]],
  ["providers", ["utils", "service", "core", "client", "config", "modules", "medusa", "use-cases"]],
  ["workflows", ["utils", "service", "core", "client", "config", "modules", "medusa", "use-cases"]],
  ["subscribers", ["utils", "service", "core", "config", "modules", "medusa", "use-cases", "workflows"]],
  ["jobs", ["utils", "service", "core", "config", "modules", "medusa", "use-cases", "workflows"]],
  ["api", ["utils", "service", "core", "client", "config", "modules", "medusa", "use-cases", "workflows"]],
]
const SERVER_FOLDERS = LAYERS.map(([folder]) => folder)

/** `no-restricted-imports` patterns for the folders a file of `folder` may not import (relative imports only). */
function forbidden(folders, message) {
  return folders.map((folder) => ({
    // core/money is the money value every layer from the service's contract up uses.
    regex: `^(\\./)?(\\.\\./)+${folder === "core" ? "core(?!/money)" : folder}(/|$)`,
    message,
    allowTypeImports: true,
  }))
}

const layerRules = LAYERS.map(([folder, allowed]) => ({
  files: [`src/${folder}/**/*.ts`],
  ignores: ["src/**/__tests__/**"],
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: forbidden(
          SERVER_FOLDERS.filter((other) => other !== folder && !allowed.includes(other)),
          `src/${folder} sits below this folder (docs/architecture.md, "Layers"): move the shared code down instead.`,
        ),
      },
    ],
  },
}))

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/.medusa/**", "**/dist/**", "src/modules/trade-credit/migrations/**"],
  },
  {
    files: ["src/**/*.{ts,tsx}", "packages/simulator/src/**/*.ts"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "max-len": ["error", { code: 120, ignoreUrls: false, ignoreRegExpLiterals: false }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Tests build partial and hostile inputs on purpose (a Medusa container with two services, an answer the
    // documents do not allow); `any` there says "whatever the code under test is given".
    files: ["src/**/__tests__/**", "packages/simulator/src/__tests__/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  ...layerRules,
  {
    // The browser's code (the admin's extensions, the storefront kit) never imports the server's.
    files: ["src/admin/**/*.{ts,tsx}", "src/storefront/**/*.{ts,tsx}"],
    ignores: ["src/**/__tests__/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: forbidden(
            SERVER_FOLDERS.filter((f) => f !== "utils" && f !== "core"),
            "The browser's code imports no server code.",
          ),
        },
      ],
    },
  },
  {
    files: ["src/admin/**/*.tsx", "src/storefront/react/**/*.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 100, skipBlankLines: false, skipComments: false }] },
  },
)
