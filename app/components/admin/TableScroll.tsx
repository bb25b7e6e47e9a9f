import type { ReactNode } from "react";

/**
 * A wide table that scrolls sideways on a phone. The scrolling box is a named region a keyboard can
 * reach (Tab, then the arrow keys), so a table with no link or input inside can still be read to its
 * last column (axe: scrollable-region-focusable, docs/decisions/146-console-accessibility.md).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
