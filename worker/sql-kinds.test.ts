import { dirname, join, normalize } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// SQL text names the tables of the database it runs on (docs/architecture.md#the-databases, docs/decisions/176):
// the compiler keeps the query builder to a handle's tables, and this check does the same for SQL written out.
// Through the compiler's own view of the Worker, every `db.run|all|get|values(sql`...`)` is read with the kind
// of its handle (ControlDb, WalletDb or AnyDb, by their brand) and the tables its template names through the
// schema's objects (worker/db/schema/control.ts, wallet.ts, both.ts), following a `sql` fragment kept in a const.

const root = normalize(join(dirname(new URL(import.meta.url).pathname), ".."));
type Kind = "control" | "wallet" | "both";
const SCHEMA: Record<string, Kind> = {
  "worker/db/schema/control.ts": "control",
  "worker/db/schema/wallet.ts": "wallet",
  "worker/db/schema/both.ts": "both",
};
const RUNS = new Set(["run", "all", "get", "values"]);

/**
 * Statements that name a table of the other kind on purpose, each with why:
 * - a shard's handle asks whether the database under it is the control database itself (only the control
 *   database holds directory rows);
 * - the retention of idle rounds keeps a round with orders in the control database: rounds settled before the
 *   wallet shards (docs/decisions/161) have no rows of the shards that answered (round_settlements), and in the one
 *   database they were played in their orders keep them; in a split deployment the control database holds no
 *   orders and those rows keep every round with bets (a shard is noted before its first order is written).
 */
const ON_PURPOSE = new Set([
  "worker/db/every-shard.ts: shardZeroIsControl: accountDirectory on a wallet handle",
  "worker/room/round-retention.ts: pruneIdleRounds: orders on a control handle",
]);

function program(extra: Record<string, string> = {}) {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.worker.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  )!;
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile;
  host.readFile = (file) => extra[file] ?? read(file);
  const exists = host.fileExists;
  host.fileExists = (file) => file in extra || exists(file);
  return ts.createProgram({
    rootNames: [...config.fileNames, ...Object.keys(extra)],
    options: { ...config.options, incremental: false, noEmit: true },
    host,
  });
}

const relative = (file: string) => file.slice(root.length + 1);

/** The kind a handle's type carries in its brand, or null for anything else (a statement built elsewhere). */
function kindOf(checker: ts.TypeChecker, type: ts.Type): Kind | null {
  const brand = checker.getPropertiesOfType(type).find((p) => p.escapedName.toString().startsWith("__@kind@"));
  if (!brand) {
    // AnyDb has no brand: it is the handle whose builder takes only the tables both kinds hold
    return checker.getPropertyOfType(type, "$client") && checker.getPropertyOfType(type, "run") ? "both" : null;
  }
  const literal = checker.getTypeOfSymbol(brand);
  return literal.isStringLiteral() ? (literal.value as Kind) : null;
}

/** The schema tables a `sql` template names, as "file's table: kind", following a fragment kept in a const. */
function tablesNamed(checker: ts.TypeChecker, template: ts.TemplateLiteral, depth = 0): { name: string; kind: Kind }[] {
  if (!ts.isTemplateExpression(template) || depth > 2) return [];
  return template.templateSpans.flatMap(({ expression }) => {
    let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(expression) ? expression.name : expression);
    if (!symbol) return [];
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol.valueDeclaration;
    if (!declaration) return [];
    const kind = SCHEMA[relative(declaration.getSourceFile().fileName)];
    if (kind) return [{ name: symbol.name, kind }];
    // a fragment: const JOIN = sql`... ${table} ...`
    if (
      ts.isVariableDeclaration(declaration) &&
      declaration.initializer &&
      ts.isTaggedTemplateExpression(declaration.initializer) &&
      declaration.initializer.tag.getText() === "sql"
    )
      return tablesNamed(checker, declaration.initializer.template, depth + 1);
    return [];
  });
}

/** The function a statement is in: a declared one's name, or the const an arrow function is kept in. */
const enclosingName = (node: ts.Node): string => {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if ((ts.isFunctionDeclaration(at) || ts.isMethodDeclaration(at)) && at.name) return at.name.getText();
    if ((ts.isArrowFunction(at) || ts.isFunctionExpression(at)) && ts.isVariableDeclaration(at.parent))
      return at.parent.name.getText();
  }
  return "(module)";
};

/** Every SQL statement that names a table of another kind than its handle's, as "file: function: table on a kind handle". */
function mismatches(built: ts.Program, files: (file: string) => boolean) {
  const checker = built.getTypeChecker();
  const found: string[] = [];
  let statements = 0;
  for (const source of built.getSourceFiles()) {
    if (!files(source.fileName)) continue;
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        RUNS.has(node.expression.name.text) &&
        node.arguments[0] &&
        ts.isTaggedTemplateExpression(node.arguments[0]) &&
        node.arguments[0].tag.getText() === "sql"
      ) {
        const kind = kindOf(checker, checker.getTypeAtLocation(node.expression.expression));
        if (kind) {
          statements++;
          for (const table of tablesNamed(checker, node.arguments[0].template))
            if (table.kind !== "both" && table.kind !== kind)
              found.push(`${relative(source.fileName)}: ${enclosingName(node)}: ${table.name} on a ${kind} handle`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { found, statements };
}

const SAMPLE = join(root, "worker/kind-sample.ts");
const sample = `import { sql } from "drizzle-orm";
import type { AnyDb, ControlDb, WalletDb } from "./db/client";
import { ledger, operatorRequests, rooms, sessions } from "./db/schema";
const ROOMS = sql\`FROM \${rooms}\`;
export const ledgerOnControl = (db: ControlDb) => db.all(sql\`SELECT * FROM \${ledger}\`);
export const requestsInShard = (db: WalletDb) => db.get(sql\`SELECT * FROM \${operatorRequests}\`);
export const roomsByFragment = (db: WalletDb) => db.all(sql\`SELECT * \${ROOMS}\`);
export const ledgerOnEither = (db: AnyDb) => db.run(sql\`DELETE FROM \${ledger}\`);
export const fine = (control: ControlDb, wallet: WalletDb, any: AnyDb) => [
  control.all(sql\`SELECT * FROM \${rooms} JOIN \${sessions} ON 1\`),
  wallet.all(sql\`SELECT * FROM \${ledger}\`),
  any.run(sql\`DELETE FROM \${sessions}\`),
];
`;

describe("SQL text on a database handle", () => {
  // one view of the Worker for both tests, the sample among its files (it exists nowhere else)
  let built: ts.Program;
  const worker = () => (built ??= program({ [SAMPLE]: sample }));

  it("names only the tables of the handle's kind, in every statement of the Worker", () => {
    const { found, statements } = mismatches(
      worker(),
      (file) =>
        file !== SAMPLE && file.startsWith(`${root}/worker/`) && !file.endsWith(".d.ts") && !file.endsWith(".test.ts"),
    );
    expect(statements).toBeGreaterThan(100);
    expect(found.filter((m) => !ON_PURPOSE.has(m))).toEqual([]);
    expect(
      [...ON_PURPOSE].filter((m) => !found.includes(m)),
      "an exception no longer needed",
    ).toEqual([]);
  }, 120_000);

  it("refuses a shard's table on the control handle, the control's in a shard (also through a fragment), either on AnyDb", () => {
    const { found } = mismatches(worker(), (file) => file === SAMPLE);
    expect(found).toEqual([
      "worker/kind-sample.ts: ledgerOnControl: ledger on a control handle",
      "worker/kind-sample.ts: requestsInShard: operatorRequests on a wallet handle",
      "worker/kind-sample.ts: roomsByFragment: rooms on a wallet handle",
      "worker/kind-sample.ts: ledgerOnEither: ledger on a both handle",
    ]);
  }, 120_000);
});
