import { integer } from "drizzle-orm/sqlite-core";

// Money is integer cents, odds integer thousandths, time epoch milliseconds (docs/product.md#money).
export const createdAtMs = () => integer("created_at_ms").notNull();
