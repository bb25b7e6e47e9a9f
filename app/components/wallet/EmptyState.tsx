import type { ReactNode } from "react";

export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <div className="empty-icon" aria-hidden="true">◌</div>
      <p>{text}</p>
      {children}
    </div>
  );
}
