import { Link } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { Field } from "~/components/Field";
import { useKeepTypedValue } from "~/lib/use-hydrated";
import { filterAmountInput } from "~/lib/wallet";

type Preset = { label: string; value: string };

/**
 * An amount box that takes digits and one decimal point only (docs/product.md#input-rules); the server checks again.
 * Presets are links (?amount=...) so they work without JavaScript; with it they just fill the box
 * and keep whatever else the player typed. `onValueChange` hears every value the box comes to hold: typed, a preset,
 * the value typed before the page became interactive, and the first one when the box appears.
 */
export function AmountInput({
  label,
  name = "money",
  defaultValue = "",
  error,
  placeholder,
  presets = [],
  inline = false,
  onValueChange,
}: {
  label: string;
  name?: string;
  defaultValue?: string;
  error?: string | null;
  placeholder?: string;
  presets?: Preset[];
  /** One short preset ("All") sits inside the box instead of under it. */
  inline?: boolean;
  /** Called with the box's value whenever it changes; a setState function, or one as stable. */
  onValueChange?: (value: string) => void;
}) {
  const [value, setValue] = useState(() => filterAmountInput(defaultValue));
  const inputId = useId();
  useKeepTypedValue(inputId, (typed) => setValue(filterAmountInput(typed)));
  // one place hears every change: a preset and the restored typed value set the state without a change event
  useEffect(() => onValueChange?.(value), [value, onValueChange]);
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
