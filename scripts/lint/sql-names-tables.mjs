// A local ESLint rule (eslint.config.js, docs/decisions/190): SQL text never names a table of the schema as a word.
// The table comes in as its object: in a Drizzle `sql` template as `FROM ${depositRequests} d`, which renders its
// quoted name; in SQL written as a plain string (the player's move over raw D1, the databases' setup rows, the demo
// seed) as `FROM ${quotedTable(depositRequests)} d` (worker/db/quoted-table.ts). Renaming a table in
// worker/db/schema/ renames it in every statement, or the statement does not compile. It lints worker/, shared/,
// tests/ and scripts/, and follows a `const` holding a string one hop into the SQL text that uses it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { plainReadsUseBuilder } from "./plain-reads-use-builder.mjs";

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

/**
 * Each literal table name in a text made of segments: its name, object and offset in the joined text. A segment
 * with no `start` stands for an expression whose text is not known (one character that is neither a word nor a
 * quote).
 */
function literalTableNames(segments, tables) {
  const text = withoutLiteralsAndComments(segments.map((s) => s.text).join(""));
  const found = [];
  for (const match of text.matchAll(PLACES)) {
    const group = match[2] === undefined ? 4 : 2;
    const name = match[group];
    const object = tables.get(name.toLowerCase());
    if (object) found.push({ name, object, offset: match.indices[group][0] });
  }
  return found;
}

/**
 * A plain string or template is SQL text when it says a statement's word in capitals (the repository writes SQL
 * so): `SELECT`, `INSERT`, `UPDATE`, `DELETE`, `FROM`, `JOIN`, `INTO`. Text given to `.prepare(` or `.exec(` is
 * SQL whatever its case. Words in lower case (an error message's "from users") are not SQL.
 */
const SQL_WORDS = /\b(?:SELECT|INSERT|UPDATE|DELETE|FROM|JOIN|INTO)\b/;

/** `sql`...``, `sql<T>`...``: the tag is Drizzle's `sql` itself. */
const isSqlTag = (tag) => tag.type === "Identifier" && tag.name === "sql";
/** `sql.raw(...)`: SQL text Drizzle takes as it is. */
const isSqlRaw = (callee) =>
  callee.type === "MemberExpression" &&
  isSqlTag(callee.object) &&
  callee.property.type === "Identifier" &&
  callee.property.name === "raw";
/** `db.prepare(...)`, `storage.sql.exec(...)`: D1's and a Durable Object's SQL text. */
const isPrepareOrExec = (callee) =>
  callee.type === "MemberExpression" &&
  callee.property.type === "Identifier" &&
  (callee.property.name === "prepare" || callee.property.name === "exec");
const isFirstArgumentOf = (node, test) =>
  node.parent?.type === "CallExpression" && node.parent.arguments[0] === node && test(node.parent.callee);

/** The string or template a `const` holds, for an identifier in scope, or undefined. */
function constantText(sourceCode, identifier) {
  for (let scope = sourceCode.getScope(identifier); scope; scope = scope.upper) {
    const variable = scope.set.get(identifier.name);
    if (!variable) continue;
    const def = variable.defs[0];
    const init = def?.type === "Variable" && def.parent.kind === "const" ? def.node.init : undefined;
    return init && (init.type === "TemplateLiteral" || isString(init)) ? init : undefined;
  }
  return undefined;
}

const isString = (node) => node.type === "Literal" && typeof node.value === "string";
const isConcatenation = (node) => node?.type === "BinaryExpression" && node.operator === "+";
const UNKNOWN = { text: "\u0001", start: undefined };

/** A string's or a template's static text as segments; a string starts after its quote, a quasi after ` or }. */
const ownSegments = (text) =>
  isString(text)
    ? [{ text: text.raw.slice(1, -1), start: text.range[0] + 1 }]
    : text.quasis.flatMap((q, i) => [...(i > 0 ? [UNKNOWN] : []), { text: q.value.raw, start: q.range[0] + 1 }]);

const rule = {
  meta: {
    type: "problem",
    docs: { description: "SQL text names a table through the schema's table object, never as a word." },
    messages: {
      literalTable:
        'The table "{{name}}" is named as a word in SQL text: interpolate its schema object (`${ {{object}} }`), docs/decisions/190.',
      literalTableInString:
        'The table "{{name}}" is named as a word in SQL text: name it through its schema object (`${quotedTable({{object}})}`, worker/db/quoted-table.ts), docs/decisions/190.',
    },
    schema: [],
  },
  create(context) {
    const tables = schemaTables();
    const sourceCode = context.sourceCode;
    // a name seen twice (a constant's text is read as a string and as what sql.raw takes) is reported once
    const reported = new Set();
    /** Reports each table named in these segments of text, where its name is written. */
    function check(node, segments, { whole = false, messageId = "literalTable" } = {}) {
      const found = literalTableNames(segments, tables);
      // `sql.raw("bets")`: the whole text is a table's name
      const only = segments.length === 1 ? segments[0].text : undefined;
      const named = whole && only !== undefined && tables.get(only.trim().toLowerCase());
      if (named) found.push({ name: only.trim(), object: named, offset: only.indexOf(only.trim()) });
      for (const { name, object, offset } of found) {
        // back from the joined text to its segment and its place in the file
        let rest = offset;
        let i = 0;
        while (rest >= segments[i].text.length) {
          rest -= segments[i].text.length;
          i++;
        }
        const start = segments[i].start + rest;
        if (reported.has(start)) continue;
        reported.add(start);
        context.report({
          node,
          loc: { start: sourceCode.getLocFromIndex(start), end: sourceCode.getLocFromIndex(start + name.length) },
          messageId,
          data: { name, object },
        });
      }
    }
    /**
     * The text of an expression as SQL would receive it: strings and templates as written, a concatenation's
     * parts in order, and one hop through a variable: an identifier bound to a `const` that holds a string or a
     * template stands for that text, its segments where the constant is written. Any other expression is unknown.
     */
    function segmentsOf(node, hop = true) {
      if (isString(node)) return ownSegments(node);
      if (node.type === "TemplateLiteral")
        return node.quasis.flatMap((q, i) => [
          ...(i > 0 ? segmentsOf(node.expressions[i - 1], hop) : []),
          { text: q.value.raw, start: q.range[0] + 1 },
        ]);
      if (isConcatenation(node)) return [...segmentsOf(node.left, hop), ...segmentsOf(node.right, hop)];
      const constant = hop && node.type === "Identifier" ? constantText(sourceCode, node) : undefined;
      return constant ? segmentsOf(constant, false) : [UNKNOWN];
    }
    /**
     * A string, an untagged template or a concatenation, taken whole (the outermost `+`): checked where it is SQL
     * text (SQL_WORDS, or given to prepare/exec).
     */
    function checkPlain(node) {
      if (isFirstArgumentOf(node, isSqlRaw)) return; // sql.raw's own, below
      if (isConcatenation(node.parent)) return; // the concatenation it is part of is read whole
      const segments = segmentsOf(node);
      const sqlText = isFirstArgumentOf(node, isPrepareOrExec) || SQL_WORDS.test(segments.map((s) => s.text).join(""));
      if (sqlText) check(node, segments, { messageId: "literalTableInString" });
    }
    return {
      // a string interpolated into `sql` is a bound parameter, not text: only the template's own text is SQL
      TaggedTemplateExpression(node) {
        if (isSqlTag(node.tag)) check(node, ownSegments(node.quasi));
      },
      TemplateLiteral(node) {
        if (node.parent.type !== "TaggedTemplateExpression") checkPlain(node);
      },
      Literal(node) {
        if (typeof node.value === "string") checkPlain(node);
      },
      BinaryExpression(node) {
        if (isConcatenation(node)) checkPlain(node);
      },
      // prepare(q), exec(q): the text of the const it names is SQL, in any case
      Identifier(node) {
        if (!isFirstArgumentOf(node, isPrepareOrExec)) return;
        const constant = constantText(sourceCode, node);
        if (constant) check(constant, segmentsOf(constant, false), { messageId: "literalTableInString" });
      },
      CallExpression(node) {
        const text = node.arguments[0];
        if (!isSqlRaw(node.callee) || !text) return;
        // sql.raw(name): the text of the constant it names
        const constant = text.type === "Identifier" ? constantText(sourceCode, text) : undefined;
        if (constant) check(constant, ownSegments(constant), { whole: true });
        else if (text.type === "TemplateLiteral" || isString(text)) check(text, ownSegments(text), { whole: true });
      },
    };
  },
};

/** The repository's own ESLint plugin: eslint.config.js names it "local". */
export default {
  meta: { name: "local" },
  rules: { "sql-names-tables": rule, "plain-reads-use-builder": plainReadsUseBuilder },
};
