import { useActionData } from "@remix-run/react";
import type { ConsoleAnswer } from "./answers/console";

/**
 * The last console action's answer on this page (undefined before one), as the console's shared parts read
 * it. The actions of the pages that show those parts declare `Promise<Answered<ConsoleAnswer>>` (or their
 * own answer that extends it), so what is read here is what they are held to.
 */
export const useConsoleAnswer = () => useActionData<ConsoleAnswer>();
