// The crawl's rule for dates and times (tests/e2e/crawl.e2e.mjs), on what one screen shows: every date is written
// one way, the shared formatter's (app/components/PlayerTime.tsx: "2026-12-06 14:05", its "14:05" or its
// "2026-12-06"), and a screen that shows a date or a time names the product's zone; a player's screen names it once
// (beside its one time, or once above its list). Run in Node on what the page's one evaluate returned: no load.

/** A date as the shared formatter writes it. */
const ONE_WAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date in the words, written any way a screen might: 2026-12-06, 2026-12-6, 2026/12/06, 06/12/2026, 6.12.2026, 2026年12月6日. */
const ANY_DATE =
  /\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{4}\b|\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日/g;

/** How often a screen's words name the zone. */
export const zoneCount = (text, zone) => text.split(zone).length - 1;

/**
 * The findings of one screen: `text` its visible words, `times` the text of its visible <time> elements, `zone` the
 * zone's name (UTC+8), `once` whether naming it twice is a failure (a player's screen). Each finding is
 * `{ kind, what }`, `what` an example of what the screen shows.
 */
export function dateFindings({ text, times, zone, once }) {
  const dates = text.match(ANY_DATE) ?? [];
  const shown = [...times, ...dates];
  const zones = zoneCount(text, zone);
  const findings = [];
  const otherWays = [...new Set(dates.filter((date) => !ONE_WAY.test(date)))];
  if (otherWays.length > 0)
    findings.push({ kind: "date not written YYYY-MM-DD", what: otherWays.slice(0, 3).join(" | ") });
  if (shown.length > 0 && zones === 0)
    findings.push({ kind: `date or time without ${zone}`, what: shown.slice(0, 3).join(" | ") });
  if (once && zones > 1) findings.push({ kind: `${zone} named ${zones} times`, what: shown.slice(0, 3).join(" | ") });
  return findings;
}
