import { useTranslation } from "react-i18next";
import { formatOdds } from "~/lib/game";
import type { BetOptionOdds } from "#shared/answers/games";
import { kindLabel, optionLabel, rankOfKey } from "~/lib/game-labels";

type GridProps = {
  options: BetOptionOdds[];
  gameType: number;
  picked: ReadonlySet<number>;
  onToggle: (index: number) => void;
  disabled: boolean;
};

// Each option is a real checkbox (name="option"), so the grid also works as a plain form without JavaScript.
function OptionTile({
  option,
  label,
  checked,
  onToggle,
  disabled,
}: {
  option: BetOptionOdds;
  label: string;
  checked: boolean;
  onToggle: (index: number) => void;
  disabled: boolean;
}) {
  return (
    <label className={`option${checked ? " picked" : ""}${disabled ? " locked" : ""}`}>
      <input
        type="checkbox"
        name="option"
        value={option.index}
        checked={checked}
        disabled={disabled}
        onChange={() => onToggle(option.index)}
      />
      <span className="option-name">{label}</span>
      <span className="option-odds">{formatOdds(option.odds)}</span>
    </label>
  );
}

/** Sum games: 4 options (room 16) in two columns, 11 in three. */
export function OptionGrid({ options, gameType, picked, onToggle, disabled }: GridProps) {
  const { t } = useTranslation("game");
  return (
    <fieldset className={`option-grid cols-${options.length <= 4 ? 2 : 3}`}>
      <legend className="visually-hidden">{t("order.options")}</legend>
      {options.map((option) => (
        <OptionTile
          key={option.index}
          option={option}
          label={optionLabel(t, option.key, gameType)}
          checked={picked.has(option.index)}
          onToggle={onToggle}
          disabled={disabled}
        />
      ))}
    </fieldset>
  );
}

/** Racing 10: one row per rank with big, small, odd and even (docs/product.md#constants-and-limits: 1.980 each). */
export function RacingGrid({ options, picked, onToggle, disabled }: GridProps) {
  const { t } = useTranslation("game");
  const ranks = new Map<number, BetOptionOdds[]>();
  for (const option of options) {
    const rank = rankOfKey(option.key)?.rank;
    if (rank) ranks.set(rank, [...(ranks.get(rank) ?? []), option]);
  }
  return (
    <fieldset className="racing-grid">
      <legend className="visually-hidden">{t("order.options")}</legend>
      {[...ranks].map(([rank, rankOptions]) => (
        <div className="rank-row" key={rank} role="group" aria-label={t("rank", { rank })}>
          <span className="rank-label">{t("rank", { rank })}</span>
          {rankOptions.map((option) => (
            <OptionTile
              key={option.index}
              option={option}
              label={kindLabel(t, rankOfKey(option.key)!.kind)}
              checked={picked.has(option.index)}
              onToggle={onToggle}
              disabled={disabled}
            />
          ))}
        </div>
      ))}
    </fieldset>
  );
}
