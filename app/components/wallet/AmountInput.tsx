import { Link } from "@remix-run/react";
import { useId, useState } from "react";
import { Field } from "~/components/Field";
import { useKeepTypedValue } from "~/lib/use-hydrated";
import { filterAmountInput } from "~/lib/wallet";

type Preset = { label: string; value: string };

/**
 * An amount box that takes digits and one decimal point only (docs/product.md#input-rules); the server checks again.
 * Presets are links (?amount=...) so they work without JavaScript; with it they just fill the box
 * and keep whatever else the player typed.
 */
export function AmountInput({
  label,
  name = "money",
  defaultValue = "",
  error,
  placeholder,
  presets = [],
  inline = false,
}: {
  label: string;
  name?: string;
  defaultValue?: string;
  error?: string | null;
  placeholder?: string;
  presets?: Preset[];
  /** One short preset ("All") sits inside the box instead of under it. */
  inline?: boolean;
}) {
  const [value, setValue] = useState(() => filterAmountInput(defaultValue));
  const inputId = useId();
  useKeepTypedValue(inputId, (typed) => setValue(filterAmountInput(typed)));
  return (
    <div className={inline ? "amount-input inline-presets" : "amount-input"}>
      <Field
        label={label}
        id={inputId}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(e) => setValue(filterAmountInput(e.target.value))}
        required
        error={error}
      />
      {presets.length ? (
        <div className="amount-presets">
          {presets.map((p) => (
            <Link
              key={p.label}
              to={`?amount=${encodeURIComponent(p.value)}`}
              replace
              preventScrollReset
              className={value === p.value ? "chip chip-on" : "chip"}
              onClick={(e) => {
                e.preventDefault();
                setValue(p.value);
              }}
            >
              {p.label}
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}
