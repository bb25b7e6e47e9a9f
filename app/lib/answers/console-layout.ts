import type { Me } from "#shared/answers/console-routes";
import type { BooksCheck } from "#shared/answers/console-insight";

/** What the console's layout (app/routes/admin.tsx) loads for every console page: who is signed in, and the books. */
export type ConsoleLayout = Me & { books: BooksCheck };
