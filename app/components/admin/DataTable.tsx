import type { Key, ReactNode } from "react";
import { TableScroll } from "./TableScroll";

/**
 * One column of a console table: its header (already in the operator's language) and how a row fills its cell.
 * "long-head": a header too long for a phone card's name column (a time in it), written above the value there.
 */
export type Column<R> = { head: string; cell: (row: R) => ReactNode; className?: "num" | "wrap" | "num long-head" };

/**
 * The console's one table: a header on every column (scope=col), one row per item, inside the named,
 * keyboard-reachable scrolling box a wide table needs (TableScroll). Each screen says only its columns.
 * On a phone each row becomes a card, every cell under its column's name (data-label, app/styles/admin.css),
 * so no key column sits off screen.
 */
export function DataTable<R>({
  label,
  columns,
  rows,
  rowKey,
  rowTestId,
  className,
}: {
  label: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R, index: number) => Key;
  rowTestId?: (row: R) => string;
  className?: string;
}) {
  return (
    <TableScroll label={label}>
      <table className={className ? `admin-table cards ${className}` : "admin-table cards"}>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col">
                {c.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)} data-testid={rowTestId?.(row)}>
              {columns.map((c, j) => (
                <td key={j} className={c.className} data-label={c.head}>
                  {/* one box for the content: on a phone it sits beside the column's name */}
                  <div className="cell">{c.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
