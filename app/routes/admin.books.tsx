import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/admin/DataTable";
import { useMoney } from "~/components/insight/money";
import type { BooksCheck } from "#shared/answers/console-insight";
import { Pager } from "~/components/wallet/Pager";
import { loadAdmin } from "~/lib/operator.server";
import { playerDate, playerTime, PLAYER_ZONE } from "~/lib/player-time";
import insightStyles from "~/styles/insight.css?url";
import { DateInput } from "~/components/DateInput";
import type { BooksDay, BooksDayProblem, BooksFigures, BooksMovement } from "#shared/answers/console-insight";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: insightStyles }];

export const handle = { title: "admin:booksDays.title" };

/** Fourteen days a page, newest first; page 1 starts with today so far beside the live books check. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1") || 1;
  const books = await loadAdmin(request, context, "/api/admin/books/days", { page });
  return { ...books, today: books.today, todayDate: playerDate(Date.now()) };
}

const LINES = ["players", "house", "inPlay", "finance"] as const;

function ProblemLine({ p }: { p: BooksDayProblem }) {
  const { t } = useTranslation("admin");
  const money = useMoney();
  const rows = (ids: unknown) => (Array.isArray(ids) && ids.length ? ids.map((id) => `#${id}`).join(", ") : "—");
  switch (p.kind) {
    case "previous-not-closed":
      return <>{t("booksDays.problem.previous", { day: p.day })}</>;
    case "opening":
      return (
        <>
          {t("booksDays.problem.opening", {
            line: t(`booksDays.line.${p.line}`),
            closed: money(p.closed as number),
            books: money(p.books as number),
            rows: rows(p.ledgerIds),
          })}
        </>
      );
    case "sum": {
      const c = p.closing as BooksFigures;
      return (
        <>{t("booksDays.problem.sum", { players: money(c.players), house: money(c.house), inPlay: money(c.inPlay) })}</>
      );
    }
    case "unpaired":
      return (
        <>
          {t("booksDays.problem.unpaired", {
            row: p.ledgerId,
            user: p.userId,
            amount: money(p.amount as number),
            key: p.key,
          })}
        </>
      );
    case "round":
      return (
        <>
          {t("booksDays.problem.round", {
            round: p.roundId,
            kind: t(`wallet:kinds.${p.type}`, { defaultValue: String(p.type) }),
            ledger: money(p.ledger as number),
            bets: money(p.bets as number),
            rows: rows(p.ledgerIds),
          })}
        </>
      );
    case "finance":
      return (
        <>
          {t("booksDays.problem.finance", {
            opening: money(p.opening as number),
            moved: money(p.moved as number),
            closing: money(p.closing as number),
          })}
        </>
      );
    default:
      return <>{p.kind}</>;
  }
}

/** One day: its four lines from opening to closing, its movements by kind, and what keeps it open. */
function DayStatement({ day, live }: { day: BooksDay; live?: BooksCheck }) {
  const { t } = useTranslation("admin");
  const money = useMoney();
  const liveFigure = (line: (typeof LINES)[number]) => {
    if (!live?.checked) return "—";
    if (line === "inPlay") return money(live.stakesInPlay);
    if (line === "finance") return money(live.financePrincipal);
    // the live check sums every balance, the house's included
    return line === "players" ? t("booksDays.withHouse", { amount: money(live.balances) }) : "";
  };
  const lineColumns: Column<(typeof LINES)[number]>[] = [
    { head: t("booksDays.line.title"), cell: (line) => t(`booksDays.line.${line}`) },
    { head: t("booksDays.line.opening"), className: "num", cell: (line) => money(day.opening[line]) },
    { head: t("booksDays.line.closing"), className: "num", cell: (line) => money(day.closing[line]) },
    ...(live
      ? [
          {
            head: t("booksDays.liveAt", { time: live.checked ? playerTime(live.at) : "—" }),
            // its name holds a time: on a phone it takes the card's line, never broken inside the date
            className: "num long-head" as const,
            cell: liveFigure,
          },
        ]
      : []),
  ];
  const kinds = [...new Set(day.movements.map((m) => m.kind))].sort();
  const of = (kind: string, side: BooksMovement["side"]) =>
    day.movements.find((m) => m.kind === kind && m.side === side);
  const movementColumns: Column<string>[] = [
    { head: t("booksDays.kind"), cell: (kind) => t(`wallet:kinds.${kind}`, { defaultValue: kind }) },
    { head: t("booksDays.line.players"), className: "num", cell: (kind) => money(of(kind, "players")?.amount ?? 0) },
    { head: t("booksDays.line.house"), className: "num", cell: (kind) => money(of(kind, "house")?.amount ?? 0) },
    {
      head: t("booksDays.rows"),
      className: "num",
      cell: (kind) => (of(kind, "players")?.rows ?? 0) + (of(kind, "house")?.rows ?? 0),
    },
  ];
  return (
    <section className={`books-day books-day-${day.status}`} data-testid={`books-day-${day.day}`}>
      <h2>
        {day.day} <span className="books-day-status">{t(`booksDays.status.${day.status}`)}</span>
      </h2>
      {day.problems.length > 0 && (
        <ul className="books-day-problems" role={day.status === "open" ? undefined : "alert"}>
          {day.problems.map((p, i) => (
            <li key={i}>
              <ProblemLine p={p} />
            </li>
          ))}
        </ul>
      )}
      <DataTable
        label={t("booksDays.linesOf", { day: day.day })}
        columns={lineColumns}
        rows={[...LINES]}
        rowKey={(line) => line}
      />
      {kinds.length > 0 ? (
        <DataTable
          label={t("booksDays.movementsOf", { day: day.day })}
          columns={movementColumns}
          rows={kinds}
          rowKey={(kind) => kind}
        />
      ) : (
        <p className="muted">{t("booksDays.noMovements")}</p>
      )}
    </section>
  );
}

export default function BooksPerDay() {
  const { days, today, live, page, todayDate } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <h1>{t("booksDays.title")}</h1>
      <p className="muted">{t("booksDays.help", { zone: PLAYER_ZONE })}</p>
      {/* a plain document post: the answer is a file, not a page */}
      <form method="post" action="/admin/books/csv" className="form admin-search">
        <label className="field">
          <span>{t("exports.from", { zone: PLAYER_ZONE })}</span>
          <DateInput name="from" defaultValue={days.at(-1)?.day ?? todayDate} required />
        </label>
        <label className="field">
          <span>{t("exports.to", { zone: PLAYER_ZONE })}</span>
          <DateInput name="to" defaultValue={todayDate} required />
        </label>
        <button className="button small" type="submit">
          {t("exports.download")}
        </button>
      </form>
      {today && <DayStatement day={today} live={live} />}
      {days.length === 0 && <p className="muted">{t("booksDays.none")}</p>}
      {days.map((d) => (
        <DayStatement key={d.day} day={d} />
      ))}
      <Pager page={page} hasMore={days.length > 0} />
    </main>
  );
}
