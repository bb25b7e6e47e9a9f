import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { zonedTime } from "~/lib/player-time";
import { useMoney } from "./money";
import type { BooksCheck, BooksProblem } from "#shared/answers/console-insight";

// The live books check (docs/decisions/136) at the top of every console screen: when it last ran, and in
// red with the rows that disagree when it failed. "Not checked yet" and "late" only when a check was due and did
// not run (docs/decisions/172): an old result is never shown as today's.

function CheckNow() {
  const { t } = useTranslation("admin");
  return (
    <Form method="post" action="/admin/insight" className="books-check-now">
      <button className="link-button" type="submit">
        {t("books.checkNow")}
      </button>
    </Form>
  );
}

function ProblemLine({ p }: { p: BooksProblem }) {
  const { t } = useTranslation("admin");
  const money = useMoney();
  switch (p.kind) {
    case "balance":
      return <>{t("books.problem.balance", { user: p.userId, balance: money(p.balance), ledger: money(p.ledger) })}</>;
    case "negative":
      return <>{t("books.problem.negative", { user: p.userId, balance: money(p.balance) })}</>;
    case "sum":
      return <>{t("books.problem.sum", { balances: money(p.balances), inPlay: money(p.stakesInPlay) })}</>;
    case "open-round-house-row":
      return <>{t("books.problem.openRound", { ledger: p.ledgerId, round: p.roundId })}</>;
  }
}

export function BooksStatus({ books }: { books: BooksCheck }) {
  const { t } = useTranslation("admin");
  const money = useMoney();
  if (!books.checked) {
    return (
      <div className="books books-none" role="status">
        {t("books.notYet", { minutes: books.everyMinutes })} <CheckNow />
      </div>
    );
  }
  const when = zonedTime(books.at);
  // several wallet databases (docs/decisions/161): each checked on its own, a problem named by its database
  const several = (books.shards?.length ?? 0) > 1;
  const late = books.late ? t("books.late", { time: when, minutes: books.everyMinutes }) : null;
  if (books.ok && late) {
    return (
      <div className="books books-late" role="status" data-testid="books-late">
        {late} <CheckNow />
      </div>
    );
  }
  if (books.ok) {
    return (
      <div className="books books-ok" role="status" data-testid="books-ok">
        <strong>{t("books.ok")}</strong> · {t("books.checkedAt", { time: when })} ·{" "}
        {t("books.figures", { inPlay: money(books.stakesInPlay), principal: money(books.financePrincipal) })}
        {several ? <> · {t("books.shards", { n: books.shards!.length })}</> : null} <CheckNow />
      </div>
    );
  }
  return (
    <section className="books books-failed" role="alert" data-testid="books-failed">
      <strong>{t("books.failed")}</strong> · {t("books.checkedAt", { time: when })}
      {late ? <p data-testid="books-late">{late}</p> : null}
      <ul>
        {books.problems.slice(0, 10).map((p, i) => (
          <li key={i}>
            {several && p.shard !== undefined ? t("books.inShard", { shard: p.shard }) : null}
            <ProblemLine p={p} />
          </li>
        ))}
      </ul>
      {books.problems.length > 10 ? <p>{t("books.more", { count: books.problems.length - 10 })}</p> : null}
      <CheckNow />
    </section>
  );
}
