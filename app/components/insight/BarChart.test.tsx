import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart } from "./BarChart";

const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);
const render = (values: number[]) =>
  renderToString(
    <BarChart
      title="House result"
      labels={days}
      series={[{ name: "House", values, tone: "c" }]}
      format={(v) => `${v.toFixed(2)} USD`}
      lossName="House loss"
    />,
  );

/** The bar drawn for a value and the scale's figure that names it, by their place in the picture. */
function barAndFigure(svg: string, figure: string) {
  const bars = [
    ...svg.matchAll(/<rect class="chart-bar[^"]*" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g),
  ]
    .map((m) => m.slice(1).map(Number))
    .filter(([, , , height]) => height > 0);
  const text = new RegExp(`<text x="([\\d.]+)" y="([\\d.]+)" text-anchor="(start|end)"[^>]*>${figure}</text>`).exec(
    svg,
  );
  return { bars, text: text ? { x: Number(text[1]), y: Number(text[2]), anchor: text[3] } : null };
}

describe("BarChart", () => {
  it("writes the highest figure above its own bar, not at the far side of the chart", () => {
    const { bars, text } = barAndFigure(render([...Array(29).fill(0), 64]), "64.00 USD");
    expect(bars).toHaveLength(1);
    const [x, top, width] = bars[0];
    expect(text).not.toBeNull();
    // the bar is on the right: the figure ends at the bar's right edge, just above its top
    expect(text!.anchor).toBe("end");
    expect(text!.x).toBeCloseTo(x + width, 5);
    expect(text!.y).toBeLessThan(top);
    expect(top - text!.y).toBeLessThanOrEqual(8);
  });

  it("writes the lowest figure beside its own bar's foot, toward the middle", () => {
    const { bars, text } = barAndFigure(render([-30, ...Array(28).fill(0), 64]), "-30.00 USD");
    const [x, top, width, height] = bars.find(([bx]) => bx < 240)!;
    expect(text!.anchor).toBe("start");
    expect(text!.x).toBeGreaterThanOrEqual(x + width);
    expect(text!.x - (x + width)).toBeLessThanOrEqual(6);
    expect(text!.y).toBeLessThanOrEqual(top + height);
    expect(text!.y).toBeGreaterThan(top);
  });
});
