import type { ReactNode } from "react";

/** An empty list: a still tray icon (nothing here, not "loading"), what is missing, and what to do. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <svg
        className="empty-icon"
        width="40"
        height="40"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M3 13h5l1.5 2.5h5L16 13h5M5.5 5h13L21 13v6H3v-6z" />
      </svg>
      <p>{text}</p>
      {children}
    </div>
  );
}
