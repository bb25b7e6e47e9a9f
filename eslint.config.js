// npm run lint: ESLint (typescript-eslint's recommended rules, React's rules of hooks) and knip (unused
// files, exports and dependencies; knip.json). CI runs it (.ci/run).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layout rule (docs/decisions/150): app/ and worker/ meet only in shared/, shared/ needs no runtime,
// worker/api/ is the outer layer no domain imports, and worker/db/ (the database's own parts) imports no
// domain. Each area gets every rule that applies to it in one entry, since a later entry's
// no-restricted-imports replaces an earlier one's for the same file.
const rule = (regex, message) => ({ regex, message });
const NOT_APP = rule(
  "(^|/)app/|^~/",
  "worker/ and shared/ never import app/: rules both sides use live in shared/ (#shared/...).",
);
const NOT_WORKER = rule(
  "(^|/)worker(/|$)",
  "app/ never imports worker/: it calls the API, and shares rules through shared/ (#shared/...).",
);
const NO_RUNTIME = rule(
  "^(hono|drizzle-orm|react|react-dom|react-i18next|@remix-run/[^/]+|cloudflare:[^/]+)(/.*)?$|^node:|^~/|(^|/)(app|worker)(/|$)",
  "shared/ holds pure rules: nothing from app/ or worker/ and nothing that needs a runtime (D1, React, Workers globals).",
);
const NOT_API = rule(
  "^(\\.\\./)+api(/|$)",
  "A domain never imports worker/api/ (the outer layer): throw ProductError (#shared/product-error), parse with #shared/fields.",
);
const NOT_DOMAIN = rule(
  "^\\.\\./",
  "worker/db/ keeps the database's own parts and imports no domain: the query belongs in its domain's folder.",
);
const layer = (files, ignores, ...patterns) => ({
  files,
  ignores,
  rules: { "no-restricted-imports": ["error", { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".wrangler/",
      ".node/",
      "node_modules/",
      "public/",
      "worker/env.d.ts",
      "tests/e2e/screenshots/",
      "test-results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      // The answer envelope's data is JSON from the API: callers name its shape where they read it.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { "@typescript-eslint/no-unused-vars": ["error", { caughtErrors: "none" }] },
  },
  // The browser formats numbers with app/lib/number-format.ts: a NumberFormat's first use loads ICU's number
  // data, a long task in the room's hydration (docs/decisions/104). Tests compare with Intl on purpose.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}", "app/**/*.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='toLocaleString']",
          message: "Use formatDecimal (app/lib/number-format.ts): docs/decisions/104.",
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
          message: "Use formatDecimal (app/lib/number-format.ts): docs/decisions/104.",
        },
      ],
    },
  },
  // Every answer of the API is checked against its type in shared/answers (docs/decisions/178): a route answers
  // `ok(c, <answer> satisfies <Type>)`, or a bare literal (null, the contract's 1).
  {
    files: ["worker/api/routes/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.name='ok'][arguments.1.type!='TSSatisfiesExpression'][arguments.1.type!='Literal']",
          message: "Answer `ok(c, <answer> satisfies <its type in shared/answers>)`: docs/decisions/178.",
        },
      ],
    },
  },
  layer(["app/**/*.{ts,tsx}"], [], NOT_WORKER),
  layer(["shared/**/*.ts"], ["shared/**/*.test.ts"], NO_RUNTIME),
  // the rules' own tests run in Node beside them and may read files; they still import neither side
  layer(["shared/**/*.test.ts"], [], NOT_APP, NOT_WORKER),
  layer(["worker/**/*.ts"], ["worker/db/**", "worker/api/**", "worker/*.ts"], NOT_APP, NOT_API),
  layer(["worker/api/**/*.ts", "worker/*.ts"], [], NOT_APP),
  layer(["worker/db/**/*.ts"], [], NOT_APP, NOT_DOMAIN),
  // The sanitizer and the redirect check look for control characters on purpose.
  { files: ["shared/content/sanitize-html*.ts", "app/lib/session.server.ts"], rules: { "no-control-regex": "off" } },
);
