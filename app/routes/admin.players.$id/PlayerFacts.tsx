import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PlayerTime } from "~/components/PlayerTime";
import type { PlayerFile } from "#shared/answers/console-players";
import { vipLevelName } from "#shared/names";

/** The figures the player reads on their own My page, under the words they read them by (common:user.*). */
function PlayerMoneyFigures({ user }: { user: PlayerFile["user"] }) {
  const { t } = useTranslation("common");
  const figures = [
    ["withdrawable", user.withdrawable],
    ["withdrawing", user.withdrawing],
    ["locked", user.locked],
    ["totalAssets", user.total],
  ] as const;
  return figures.map(([label, value]) =>
    value === undefined ? null : (
      <Fragment key={label}>
        <dt>{t(`user.${label}`)}</dt>
        <dd data-testid={`player-${label}`}>
          <Money value={value} />
        </dd>
      </Fragment>
    ),
  );
}

/** The player's balance, the figures they read on their own page, turnover, level, phone and when they joined. */
export function PlayerFacts({ user: u }: { user: PlayerFile["user"] }) {
  const { t } = useTranslation("admin");
  return (
    <dl className="admin-facts">
      <dt>{t("player.balance")}</dt>
      <dd data-testid="player-balance">
        <Money value={u.money} />
      </dd>
      <PlayerMoneyFigures user={u} />
      <dt>{t("player.turnover")}</dt>
      <dd>
        <Money value={u.turnover} />
      </dd>
      <dt>{t("player.vipLevel")}</dt>
      <dd>
        {vipLevelName(t, u.level)}
        {u.role !== "player" ? ` · ${t(`player.roleNames.${u.role}`, { defaultValue: u.role })}` : ""}
      </dd>
      <dt>{t("player.phone")}</dt>
      <dd>{u.phone || "—"}</dd>
      <dt>{t("player.joined")}</dt>
      <dd>
        <PlayerTime ms={u.createdAt} zone />
      </dd>
    </dl>
  );
}
