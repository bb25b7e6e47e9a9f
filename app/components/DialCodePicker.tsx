import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DIAL_CODES, regionName, searchDialCodes } from "~/lib/dial-codes";
import { useHydrated, useKeepTypedValue } from "~/lib/use-hydrated";

/**
 * A <select name="quhao"> that works without JavaScript; with it, a search box filters the list
 * by country name or code and selects the best match as the player types. Default +84 (docs/product.md#screens).
 */
export function DialCodePicker({ defaultValue = "+84" }: { defaultValue?: string }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState("");
  const [value, setValue] = useState(defaultValue);
  const hydrated = useHydrated();
  // a code chosen before the page became interactive stays chosen: the first render after
  // hydration would otherwise select the default again
  const selectId = useId();
  useKeepTypedValue(selectId, setValue);
  const options = useMemo(
    () =>
      DIAL_CODES.map(([region, code]) => ({
        key: `${region}${code}`,
        code,
        label: `${regionName(region, i18n.language)} ${code}`,
      })),
    [i18n.language],
  );
  const shown = useMemo(() => searchDialCodes(options, query), [options, query]);
  const search = (text: string) => {
    setQuery(text);
    const best = searchDialCodes(options, text)[0];
    if (text.trim() && best) setValue(best.code);
  };
  const selectedVisible = shown.some((o) => o.code === value);
  return (
    <div className="field picker">
      <span className="field-label">{t("register.dialCode")}</span>
      {hydrated ? (
        <input
          type="search"
          className="select"
          placeholder={t("register.searchDialCode")}
          aria-label={t("register.searchDialCode")}
          value={query}
          onChange={(e) => search(e.target.value)}
        />
      ) : null}
      <select
        id={selectId}
        name="quhao"
        className="select"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-label={t("register.dialCode")}
      >
        {!selectedVisible ? <option value={value}>{value}</option> : null}
        {shown.map((o) => (
          <option key={o.key} value={o.code}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
