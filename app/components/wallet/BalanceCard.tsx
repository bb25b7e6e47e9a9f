import type { ReactNode } from "react";
import { Money } from "~/components/Money";

type Figure = { label: string; value: number; testId?: string };

/** The wallet's headline: the main figure large, the others beside it. */
export function BalanceCard({
  main,
  others = [],
  children,
}: {
  main: Figure;
  others?: Figure[];
  children?: ReactNode;
}) {
  return (
    <section className="wallet-hero">
      <div className="wallet-hero-label">{main.label}</div>
      <div className="wallet-hero-amount" data-testid={main.testId}>
        <Money value={main.value} />
      </div>
      {others.length ? (
        <dl className="wallet-hero-figures">
          {others.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd data-testid={f.testId}>
                <Money value={f.value} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children}
    </section>
  );
}
