/** Line icons drawn inline (no icon font, no emoji that a phone might lack). */
const PATHS = {
  globe:
    "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 0c2.8 2.7 4.2 6 4.2 10S14.8 19.3 12 22m0-20C9.2 4.7 7.8 8 7.8 12s1.4 7.3 4.2 10M2.5 9h19M2.5 15h19",
  mail: "M3 5h18v14H3zm0 0 9 7 9-7",
  chat: "M4 4h16v11H9l-5 4zm4 5h8m-8 3h5",
  hourglass: "M6 2h12M6 22h12M7 2c0 5 5 7 5 10s-5 5-5 10m10-20c0 5-5 7-5 10s5 5 5 10",
  // the tab bar's (app/components/TabBar.tsx)
  home: "M3 11 12 3l9 8M5 9.5V21h5v-6h4v6h5V9.5",
  topUp: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5v8m-4-4h8",
  headset: "M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H4zm13 0h3v6h-3zm3 6c0 1-2 2-5 2h-2",
  person: "M12 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7",
} as const;

export function Icon({ name, size = 18 }: { name: keyof typeof PATHS; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
