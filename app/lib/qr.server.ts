import { encode, renderSVG } from "uqr";

// The enrolment QR code, drawn here as SVG (docs/product.md#operators: no outside service sees the secret).
const OPTIONS = { ecc: "M" as const, border: 4 };

export function qrSvg(text: string): string {
  return renderSVG(text, OPTIONS);
}

/** The module grid (true = dark), border included: what the SVG draws, for tests to decode. */
export function qrModules(text: string): boolean[][] {
  return encode(text, OPTIONS).data;
}
