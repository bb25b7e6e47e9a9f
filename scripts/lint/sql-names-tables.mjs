// A local ESLint rule (eslint.config.js, docs/decisions/190): the static text of a Drizzle `sql` template, and the
// text given to `sql.raw`, never names a table of the schema as a word. The table comes in as its object (`FROM ${depositRequests} d`), which
// renders its quoted name, so renaming a table in worker/db/schema/ renames it in every statement, or the
// statement does not compile.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const schemaDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../worker/db/schema");

/**
 * The schema's tables as the schema files declare them, name -> the exported object's name:
 * `export const depositRequests = sqliteTable("deposit_requests", ...)`. scripts/lint/sql-names-tables.test.ts
 * checks that these are exactly the tables worker/db/schema.ts exports, so a table declared another way fails
 * that test instead of slipping past the rule.
 */
export function schemaTables(dir = schemaDir) {
  const tables = new Map();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    for (const match of text.matchAll(/export const (\w+) = sqliteTable\(\s*"(\w+)"/g)) tables.set(match[2], match[1]);
  }
  return tables;
}

// Where SQL names a table: after FROM, JOIN, INTO, UPDATE (OR IGNORE ...) and TABLE, and as the qualifier of a
// column (`bets.id`). A column that shares a table's name (`settings`, `games`) is never in those places, so it
// is not refused. Quoted names ("bets", `bets`, [bets]) count as words; text in '...' and comments does not.
const PLACES =
  /\b(?:FROM|JOIN|INTO|UPDATE(?:\s+OR\s+[A-Za-z]+)?|TABLE)\s+(["`[]?)([A-Za-z_][A-Za-z0-9_]*)["`\]]?|(["`[]?)\b([A-Za-z_][A-Za-z0-9_]*)["`\]]?\.[A-Za-z_"`[]/dgi;

/** The text with SQL string literals and comments blanked to spaces (same length, so offsets still hold). */
function withoutLiteralsAndComments(text) {
  return text.replace(/'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//g, (m) => " ".repeat(m.length));
}

/** Each literal table name in a template's static text (the quasis' raw text): its name, object and offset. */
function literalTableNames(quasis, tables) {
  // A placeholder stands for each interpolation: one character that is neither a word nor a quote.
  const text = withoutLiteralsAndComments(quasis.join("\u0001"));
  const found = [];
  for (const match of text.matchAll(PLACES)) {
    const group = match[2] === undefined ? 4 : 2;
    const name = match[group];
    const object = tables.get(name.toLowerCase());
    if (object) found.push({ name, object, offset: match.indices[group][0] });
  }
  return found;
}

/** `sql`...``, `sql<T>`...``: the tag is Drizzle's `sql` itself. */
const isSqlTag = (tag) => tag.type === "Identifier" && tag.name === "sql";
/** `sql.raw(...)`: SQL text Drizzle takes as it is. */
const isSqlRaw = (callee) =>
  callee.type === "MemberExpression" &&
  isSqlTag(callee.object) &&
  callee.property.type === "Identifier" &&
  callee.property.name === "raw";

const rule = {
  meta: {
    type: "problem",
    docs: { description: "A `sql` template names a table through the schema's table object, never as a word." },
    messages: {
      literalTable:
        'The table "{{name}}" is named as a word in SQL text: interpolate its schema object (`${ {{object}} }`), docs/decisions/190.',
    },
    schema: [],
  },
  create(context) {
    const tables = schemaTables();
    const sourceCode = context.sourceCode;
    /** Reports each table named in these pieces of text, each the raw text that starts one past `start`. */
    function check(node, pieces) {
      const raws = pieces.map((p) => p.raw);
      const found = literalTableNames(raws, tables);
      // `sql.raw("bets")`: the whole text is a table's name
      const whole = raws.length === 1 && tables.get(raws[0].trim().toLowerCase());
      if (whole) found.push({ name: raws[0].trim(), object: whole, offset: raws[0].indexOf(raws[0].trim()) });
      for (const { name, object, offset } of found) {
        // back from the joined text to its piece and its place in the file
        let rest = offset;
        let i = 0;
        while (rest > raws[i].length) {
          rest -= raws[i].length + 1;
          i++;
        }
        const start = pieces[i].start + rest;
        context.report({
          node,
          loc: { start: sourceCode.getLocFromIndex(start), end: sourceCode.getLocFromIndex(start + name.length) },
          messageId: "literalTable",
          data: { name, object },
        });
      }
    }
    // a quasi starts after ` or }, a string after its quote
    const quasisOf = (template) => template.quasis.map((q) => ({ raw: q.value.raw, start: q.range[0] + 1 }));
    return {
      TaggedTemplateExpression(node) {
        if (isSqlTag(node.tag)) check(node, quasisOf(node.quasi));
      },
      CallExpression(node) {
        const text = node.arguments[0];
        if (!isSqlRaw(node.callee) || !text) return;
        if (text.type === "TemplateLiteral") check(text, quasisOf(text));
        else if (text.type === "Literal" && typeof text.value === "string")
          check(text, [{ raw: text.raw.slice(1, -1), start: text.range[0] + 1 }]);
      },
    };
  },
};

/** The repository's own ESLint plugin: eslint.config.js names it "local". */
export default { meta: { name: "local" }, rules: { "sql-names-tables": rule } };
