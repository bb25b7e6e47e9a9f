// Country dial codes for the login and register pickers (ISO region -> calling code).
export const DIAL_CODES: ReadonlyArray<readonly [region: string, code: string]> = [
  ["VN", "+84"],
  ["CN", "+86"],
  ["TW", "+886"],
  ["HK", "+852"],
  ["MO", "+853"],
  ["US", "+1"],
  ["CA", "+1"],
  ["GB", "+44"],
  ["AU", "+61"],
  ["NZ", "+64"],
  ["SG", "+65"],
  ["MY", "+60"],
  ["TH", "+66"],
  ["ID", "+62"],
  ["PH", "+63"],
  ["KH", "+855"],
  ["LA", "+856"],
  ["MM", "+95"],
  ["JP", "+81"],
  ["KR", "+82"],
  ["IN", "+91"],
  ["PK", "+92"],
  ["BD", "+880"],
  ["LK", "+94"],
  ["NP", "+977"],
  ["AE", "+971"],
  ["SA", "+966"],
  ["QA", "+974"],
  ["TR", "+90"],
  ["RU", "+7"],
  ["UA", "+380"],
  ["DE", "+49"],
  ["FR", "+33"],
  ["IT", "+39"],
  ["ES", "+34"],
  ["PT", "+351"],
  ["NL", "+31"],
  ["BE", "+32"],
  ["CH", "+41"],
  ["AT", "+43"],
  ["SE", "+46"],
  ["NO", "+47"],
  ["DK", "+45"],
  ["FI", "+358"],
  ["PL", "+48"],
  ["CZ", "+420"],
  ["GR", "+30"],
  ["IE", "+353"],
  ["BR", "+55"],
  ["MX", "+52"],
  ["AR", "+54"],
  ["CL", "+56"],
  ["CO", "+57"],
  ["PE", "+51"],
  ["ZA", "+27"],
  ["NG", "+234"],
  ["EG", "+20"],
  ["KE", "+254"],
  ["MA", "+212"],
  ["IL", "+972"],
];

/** Region names in the player's language where the runtime knows them. */
export function regionName(region: string, lng: string): string {
  try {
    return new Intl.DisplayNames([lng], { type: "region" }).of(region) ?? region;
  } catch {
    return region;
  }
}

export type DialOption = { key: string; code: string; label: string };

/**
 * The options a search shows, best first: an exact code ("84", "+84"), then codes that start with the
 * digits typed, then names or codes containing the text. The picker selects the first one.
 */
export function searchDialCodes(options: readonly DialOption[], query: string): DialOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...options];
  const digits = /^\+?\d+$/.test(q) ? q.replace("+", "") : null;
  const rank = (o: DialOption) => {
    if (digits !== null && o.code === `+${digits}`) return 0;
    if (digits !== null && o.code.startsWith(`+${digits}`)) return 1;
    if (o.label.toLowerCase().startsWith(q)) return 2;
    return o.label.toLowerCase().includes(q) || (digits !== null && o.code.includes(digits)) ? 3 : -1;
  };
  return options
    .map((o, index) => ({ o, index, rank: rank(o) }))
    .filter((r) => r.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((r) => r.o);
}
