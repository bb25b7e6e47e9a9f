import { useTranslation } from "react-i18next";
import { playerTime } from "~/lib/player-time";

export type PlayerFile = {
  user: { id: number; username: string; quhao: string; phone: string; role: string; level: number; money: number; turnover: number; frozen: boolean; createdAt: number };
  ledger: { id: number; amount: number; after: number; type: string; reason: string; time: number }[];
  bets: { id: number; room: string; seqno: number; option: number; stake: number; odds: number; award: number; isaward: number; time: number }[];
  cards: { id: number; type: string; bank: string; account: string; address: string }[];
  deposits: { id: number; money: number; status: string; time: number }[];
  withdrawals: { id: number; money: number; status: string; time: number }[];
  sessions: { id: number; kind: string; createdAt: number; lastSeenAt: number | null; expiresAt: number }[];
};

function Table({ title, head, rows }: { title: string; head: string[]; rows: (string | number)[][] }) {
  const { t } = useTranslation("admin");
  return (
    <section className="admin-section">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t("player.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h}>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The recent history on a player's page: ledger, bets, requests, accounts, sessions (10 each). */
export function PlayerTables({ file }: { file: PlayerFile }) {
  const { t } = useTranslation("admin");
  const money = (n: number) => n.toFixed(2);
  return (
    <>
      <Table title={t("player.ledger")} head={["", t("player.moneyCol"), t("player.balance"), t("player.reason")]} rows={file.ledger.map((r) => [playerTime(r.time), money(r.amount), money(r.after), `${r.type} · ${r.reason}`])} />
      <Table title={t("player.bets")} head={["", t("nav.rooms"), t("room.odds"), ""]} rows={file.bets.map((b) => [playerTime(b.time), `${b.room} #${b.seqno} · ${b.option}`, `${money(b.stake)} × ${b.odds}`, money(b.award)])} />
      <Table
        title={t("player.requests")}
        head={["", "#", t("player.moneyCol"), ""]}
        rows={[...file.deposits.map((d) => [playerTime(d.time), `D${d.id}`, money(d.money), d.status]), ...file.withdrawals.map((w) => [playerTime(w.time), `W${w.id}`, money(-w.money), w.status])]}
      />
      <Table title={t("player.accounts")} head={["", "", ""]} rows={file.cards.map((c) => [c.type, c.bank, c.account || c.address])} />
      <Table title={t("player.sessions")} head={["", "", ""]} rows={file.sessions.map((s) => [s.kind, playerTime(s.createdAt), s.lastSeenAt ? playerTime(s.lastSeenAt) : "—"])} />
    </>
  );
}
