// A local ESLint rule (eslint.config.js, docs/decisions/190): a plain read of one table goes through Drizzle's query
// builder, whose columns are the schema's objects, so a renamed column renames itself there or fails to compile.
// SQL text stays for what the builder does not say as plainly: joins, sums and cases, subqueries, the set-based
// statements that move money, and a read inside a batch (worker/db/batch.ts answers a batch with D1's raw rows,
// which carry the names the text gives them, not the builder's).

const WORD = String.raw`[A-Za-z_][A-Za-z0-9_]*`;
const NAME = String.raw`(?:${WORD}|"${WORD}")`;
/** A column of the table, or a number (`SELECT 1 AS hit`: whether a row is there), with or without a name. */
const COLUMN = String.raw`(?:(?:${WORD}\.)?${NAME}|\d+)(?:\s+AS\s+${NAME})?`;
/** `$` stands for an interpolated value; a string or a number may stand in the text too. */
const VALUE = String.raw`(?:\$|'(?:[^']|'')*'|-?\d+)`;
const CONDITION = String.raw`(?:${WORD}\.)?${NAME}\s*(?:(?:=|<>|!=|<=|>=|<|>)\s*${VALUE}|IS\s+(?:NOT\s+)?NULL)`;
const ORDER = String.raw`(?:${WORD}\.)?${NAME}(?:\s+(?:ASC|DESC))?`;
const CLAUSE = String.raw`(?:WHERE|ORDER|LIMIT)\b`;

/**
 * `SELECT a, b AS c FROM ${table} [alias] [WHERE x = ${v} AND y IS NULL ...] [ORDER BY a DESC, ...] [LIMIT n]`:
 * named columns of the one interpolated table, conditions that compare a column with a value, and nothing else.
 */
const PLAIN_READ = new RegExp(
  String.raw`^\s*SELECT\s+${COLUMN}(?:\s*,\s*${COLUMN})*\s+FROM\s+\$(?:\s+(?:AS\s+)?(?!${CLAUSE})${WORD})?` +
    String.raw`(?:\s+WHERE\s+${CONDITION}(?:\s+AND\s+${CONDITION})*)?` +
    String.raw`(?:\s+ORDER\s+BY\s+${ORDER}(?:\s*,\s*${ORDER})*)?(?:\s+LIMIT\s+${VALUE})?\s*$`,
  "i",
);

/** The static text of a `sql` template, each interpolation as `$`. */
const templateText = (quasi) => quasi.quasis.map((q) => q.value.raw).join("$");

const isPlainRead = (text) => PLAIN_READ.test(text);

/** `db.get(sql...)`, `db.all<T>(sql...)`, not an element of a batch's list of statements. */
function isReadOutsideABatch(node) {
  const call = node.parent;
  if (call?.type !== "CallExpression" || call.arguments[0] !== node) return false;
  const { callee } = call;
  const read =
    callee.type === "MemberExpression" &&
    callee.property.type === "Identifier" &&
    (callee.property.name === "get" || callee.property.name === "all");
  return read && call.parent?.type !== "ArrayExpression";
}

export const plainReadsUseBuilder = {
  meta: {
    type: "suggestion",
    docs: { description: "A plain read of one table is written with Drizzle's query builder, not as SQL text." },
    messages: {
      plainRead:
        "A plain read of one table is SQL text: read it with the query builder (`db.select({ ... }).from(table).where(...)`), docs/decisions/190.",
    },
    schema: [],
  },
  create(context) {
    return {
      TaggedTemplateExpression(node) {
        if (node.tag.type !== "Identifier" || node.tag.name !== "sql") return;
        if (isReadOutsideABatch(node) && isPlainRead(templateText(node.quasi)))
          context.report({ node, messageId: "plainRead" });
      },
    };
  },
};
