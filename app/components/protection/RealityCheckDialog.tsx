import { Form, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { REALITY_DEFAULT_MINUTES } from "~/lib/protection-types";
import type { RealityCheck } from "#shared/answers/protection";

/**
 * The reality check (docs/product.md#player-protection). The page comes with the check as of its load (the
 * root loader): when it is due, the dialog is part of the HTML (the notice on the next page load, no script
 * needed). With JavaScript a timer reloads the page's data at the due moment, and the fresh check opens the
 * dialog with fresh figures; a check not yet due by the server's clock starts the next timer. The reload is the
 * router's own (the root loader), not a fetcher of another route whose lookup could fail on its own
 * (docs/decisions/164). "Keep playing" posts and comes back to the page, whose fresh check (a new dueAt, so a
 * new instance of this component) starts the next timer.
 */
export function RealityCheckDialog({ initial, serverNowMs }: { initial: RealityCheck; serverNowMs: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(initial.due);
  const check = initial;

  useEffect(() => {
    if (initial.due) setOpen(true);
  }, [initial]);
  useEffect(() => {
    if (open) return;
    // The server's clock decides: wait the time it said was left, then ask it again.
    const leftMs = Math.max(1_000, initial.dueAt - serverNowMs);
    const timer = window.setTimeout(() => revalidator.revalidate(), Math.min(leftMs, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, initial.dueAt, serverNowMs]);

  if (!open) return null;
  const redirectTo = `${location.pathname}${location.search}`;
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="reality-title">
        <h2 id="reality-title">{t("protection.realityHeading")}</h2>
        <RealityCheckFacts check={check} />
        <div className="buttons">
          <Form method="post" action="/logout">
            <button className="button secondary" type="submit">
              {t("protection.logOut")}
            </button>
          </Form>
          <Form method="post" action="/reality-check">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button className="button" type="submit" autoFocus>
              {t("protection.keepPlaying")}
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}

/**
 * What a reality check says, in the dialog and on /reality-check: time since sign-in, the net result,
 * how often it comes (and the default), and where to set limits, take a break or read the statement
 * (each of which also marks the check seen).
 */
export function RealityCheckFacts({ check }: { check: RealityCheck }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t("protection.realityText", { count: check.playedMinutes })}</p>
      <p>
        {t("protection.realityNet")}{" "}
        <strong data-testid="reality-net">
          <Money value={check.net} signed />
        </strong>
      </p>
      <p className="hint" data-testid="reality-interval">
        {t("protection.realityInterval", { minutes: check.minutes, defaultMinutes: REALITY_DEFAULT_MINUTES })}
      </p>
      <nav className="reality-links" aria-label={t("protection.realityLinks")}>
        <SeenAndGo to="/user/limits#set-limit" label={t("protection.realityLimits")} />
        <SeenAndGo to="/user/limits#take-break" label={t("protection.realityBreak")} />
        <SeenAndGo to="/user/statement" label={t("protection.realityStatement")} />
      </nav>
    </>
  );
}

/**
 * A way out of the check to a page: it marks the check seen like "Keep playing" and then opens the page
 * (its anchor kept), so the page is not covered by the same dialog. A form, so it works without script.
 */
function SeenAndGo({ to, label }: { to: string; label: string }) {
  return (
    <Form method="post" action="/reality-check" className="reality-link">
      <input type="hidden" name="redirectTo" value={to} />
      <button type="submit">{label}</button>
    </Form>
  );
}
