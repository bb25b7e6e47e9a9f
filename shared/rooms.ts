// Rules and names the app and the Worker both use, defined once (docs/architecture.md#layout). Both
// sides import them as `#shared/rooms` (package.json "imports"): no module here imports either side.

/** The most options one order may hold (docs/product.md#input-rules). */
export const MAX_OPTIONS_PER_ORDER = 9;

/** Game type 4, Racing 10: a permutation of ten cars, 40 options, its own screen (/bjsc/{id}). */
export const RACING_10 = 4;

/** Room kinds, each with its entry rules (docs/product.md#games), in the order the console lists them. */
export const ROOM_KINDS = ["standard", "vip", "superior", "premier"] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

/** The currency tabs of the room list, in order: roomtype = index + 1 (docs/architecture.md#the-contract). */
export const CURRENCY_TABS = ["USDT", "BTC", "ETH"] as const;

/**
 * Where a room's Durable Object may be placed, as Cloudflare names its location hints: the object is
 * created near the hint on its first use, and stays where it was created (docs/decisions/160).
 */
export const ROOM_LOCATION_HINTS = ["wnam", "enam", "sam", "weur", "eeur", "apac", "oc", "afr", "me"] as const;
export type RoomLocationHint = (typeof ROOM_LOCATION_HINTS)[number];

/** The room list's tabs with the roomtype each one asks for. */
export const ROOM_TABS = CURRENCY_TABS.map((label, index) => ({ roomtype: index + 1, label }));
