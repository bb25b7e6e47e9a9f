// npm run lint: ESLint (typescript-eslint's recommended rules, React's rules of hooks), depcruise (which folder
// imports which: .dependency-cruiser.cjs, docs/decisions/183) and knip (unused files, exports and
// dependencies; knip.json). CI runs it (.ci/run).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import local from "./scripts/lint/sql-names-tables.mjs";

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
    files: ["**/*.{js,mjs,cjs}"],
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
  // SQL text names a table through the schema's object (`FROM ${bets} b`), never as a word, and a plain read of
  // one table is the query builder's: docs/decisions/190.
  {
    files: ["worker/**/*.ts", "shared/**/*.ts", "tests/**/*.{ts,tsx,mjs,js}", "scripts/**/*.{ts,mjs,js}"],
    plugins: { local },
    rules: { "local/sql-names-tables": "error", "local/plain-reads-use-builder": "error" },
  },
  // The migrations' own test writes rows into the tables as the first migrations made them, in their SQL; the
  // rule's own test holds the mistakes it refuses, as code samples in strings.
  {
    files: ["worker/db/migrations.test.ts", "scripts/lint/sql-names-tables.test.ts"],
    rules: { "local/sql-names-tables": "off" },
  },
  // The sanitizer and the redirect check look for control characters on purpose.
  { files: ["shared/content/sanitize-html*.ts", "app/lib/session.server.ts"], rules: { "no-control-regex": "off" } },
);
