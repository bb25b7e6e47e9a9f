import { dirname, join, normalize } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// SQL text names the tables of the database it runs on (docs/architecture.md#the-databases, docs/decisions/176):
// the compiler keeps the query builder to a handle's tables, and this check does the same for SQL written out.
// Through the compiler's own view of the Worker, every `db.run|all|get|values(sql`...`)` (or of a const holding
// one) is read with the kind of its handle (ControlDb, WalletDb or AnyDb, by their brand) and the tables its
// template names through the schema's objects (worker/db/schema/control.ts, wallet.ts, both.ts), following a `sql`
// fragment kept in a const. A template handed to a helper that runs it (on every shard, a page of an export) is
// held to one kind: no `sql` template anywhere names a control-only and a shard-only table together.

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
  "worker/room/round-retention.ts: pruneIdleRounds: mixes kinds",
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

const isSql = (node: ts.Node): node is ts.TaggedTemplateExpression =>
  ts.isTaggedTemplateExpression(node) && node.tag.getText() === "sql";

/** A statement's `sql` template: written in the call, or a const the call names (`db.run(statement)`). */
function templateOf(checker: ts.TypeChecker, argument: ts.Expression | undefined): ts.TaggedTemplateExpression | null {
  if (!argument) return null;
  if (isSql(argument)) return argument;
  if (!ts.isIdentifier(argument)) return null;
  let symbol = checker.getSymbolAtLocation(argument);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  return declaration &&
    ts.isVariableDeclaration(declaration) &&
    declaration.initializer &&
    isSql(declaration.initializer)
    ? declaration.initializer
    : null;
}

/**
 * Every SQL statement that names a table of another kind than its handle's, as "file: function: table on a kind
 * handle", and every `sql` template anywhere that names tables of both kinds (a statement handed to a helper that
 * runs it, whose handle this check cannot see, is held to one kind at least), as "file: function: mixes kinds".
 */
function mismatches(built: ts.Program, files: (file: string) => boolean) {
  const checker = built.getTypeChecker();
  const found: string[] = [];
  let statements = 0;
  let templates = 0;
  for (const source of built.getSourceFiles()) {
    if (!files(source.fileName)) continue;
    const where = (node: ts.Node) => `${relative(source.fileName)}: ${enclosingName(node)}`;
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        RUNS.has(node.expression.name.text)
      ) {
        const template = templateOf(checker, node.arguments[0]);
        const kind = template && kindOf(checker, checker.getTypeAtLocation(node.expression.expression));
        if (template && kind) {
          statements++;
          for (const table of tablesNamed(checker, template.template))
            if (table.kind !== "both" && table.kind !== kind)
              found.push(`${where(node)}: ${table.name} on a ${kind} handle`);
        }
      }
      if (isSql(node)) {
        templates++;
        const kinds = new Set(tablesNamed(checker, node.template).map((table) => table.kind));
        if (kinds.has("control") && kinds.has("wallet")) found.push(`${where(node)}: mixes kinds`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { found: [...new Set(found)], statements, templates };
}

const SAMPLE = join(root, "worker/kind-sample.ts");
const sample = `import { sql } from "drizzle-orm";
import type { AnyDb, ControlDb, WalletDb } from "./db/client";
import { ledger, operatorRequests, rooms, sessions } from "./db/schema";
const ROOMS = sql\`FROM \${rooms}\`;
export const ledgerOnControl = (db: ControlDb) => db.all(sql\`SELECT * FROM \${ledger}\`);
export const requestsInShard = (db: WalletDb) => db.get(sql\`SELECT * FROM \${operatorRequests}\`);
export const roomsByFragment = (db: WalletDb) => db.all(sql\`SELECT * \${ROOMS}\`);
const LEDGER_ROWS = sql\`SELECT * FROM \${ledger}\`;
export const ledgerByName = (db: ControlDb) => db.all(LEDGER_ROWS);
export const handedOn = (run: (statement: unknown) => unknown) => run(sql\`SELECT * FROM \${rooms} JOIN \${ledger} ON 1\`);
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

  it("refuses a shard's table on the control handle (also a statement passed by name), the control's in a shard (also through a fragment), either on AnyDb, and a template of both kinds handed on", () => {
    const { found } = mismatches(worker(), (file) => file === SAMPLE);
    expect(found).toEqual([
      "worker/kind-sample.ts: ledgerOnControl: ledger on a control handle",
      "worker/kind-sample.ts: requestsInShard: operatorRequests on a wallet handle",
      "worker/kind-sample.ts: roomsByFragment: rooms on a wallet handle",
      "worker/kind-sample.ts: ledgerByName: ledger on a control handle",
      "worker/kind-sample.ts: handedOn: mixes kinds",
      "worker/kind-sample.ts: ledgerOnEither: ledger on a both handle",
    ]);
  }, 120_000);
});
