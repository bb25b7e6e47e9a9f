import type { ConsoleAnswer } from "~/lib/answers/console";
import type { Values } from "./images";

/**
 * A banner action's answer (action.server.ts), read by each banner's editor (BannerForm.tsx): the console's, with
 * the form's images and fields as typed and whether they were previewed.
 */
export type BannerAnswer = ConsoleAnswer & { values?: Values; previewed?: boolean };
