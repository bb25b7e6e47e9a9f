import type { SeedBanner } from "./types";

// Home banners: public/banners/<name>-<language>.svg, each opening the help article it advertises.
export const BANNERS: SeedBanner[] = [
  { id: 1, name: "fair", link: "/info/2603", sort: 1 },
  { id: 2, name: "payout", link: "/info/2604", sort: 2 },
  { id: 3, name: "responsible", link: "/info/2606", sort: 3 },
];
