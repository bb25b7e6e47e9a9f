/** Line icons drawn inline (no icon font, no emoji that a phone might lack). */
const PATHS = {
  globe: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 0c2.8 2.7 4.2 6 4.2 10S14.8 19.3 12 22m0-20C9.2 4.7 7.8 8 7.8 12s1.4 7.3 4.2 10M2.5 9h19M2.5 15h19",
  mail: "M3 5h18v14H3zm0 0 9 7 9-7",
  chat: "M4 4h16v11H9l-5 4zm4 5h8m-8 3h5",
  hourglass: "M6 2h12M6 22h12M7 2c0 5 5 7 5 10s-5 5-5 10m10-20c0 5-5 7-5 10s5 5 5 10",
} as const;

export function Icon({ name, size = 18 }: { name: keyof typeof PATHS; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
