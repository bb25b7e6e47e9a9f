import * as z from "zod";
import { integerId } from "../fields";

// Bodies of the notice calls (docs/decisions/142); messages are catalogue codes.

/** A page of the inbox: the newest, or those older than `before` (the last id of the page before). */
export const noticeListForm = z.object({ before: integerId().optional() });

/** Opening the inbox: everything up to the newest notice it showed is read. */
export const noticesReadForm = z.object({ upTo: integerId() });
