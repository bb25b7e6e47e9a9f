import { describe, expect, it } from "vitest";
import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { skipAfterRoomAnswer } from "./room-revalidation";

const args = (over: Partial<ShouldRevalidateFunctionArgs>) =>
  ({
    currentUrl: new URL("http://x/activity/16"),
    currentParams: {},
    nextUrl: new URL("http://x/activity/16"),
    nextParams: {},
    defaultShouldRevalidate: true,
    formMethod: "POST",
    formAction: "/activity/16",
    actionResult: { done: { message: "Order placed", money: 10, orderId: 1 } },
    ...over,
  }) as ShouldRevalidateFunctionArgs;

describe("skipAfterRoomAnswer", () => {
  it("keeps the loaded data after a placed order, a review, a cancel or a refusal from a room", () => {
    expect(skipAfterRoomAnswer(args({}))).toBe(false);
    expect(skipAfterRoomAnswer(args({ formAction: "/bjsc/4?index", actionResult: { review: {} } }))).toBe(false);
    expect(skipAfterRoomAnswer(args({ actionResult: { error: { code: 1029 } } }))).toBe(false);
  });

  it("revalidates everything else as Remix would", () => {
    expect(skipAfterRoomAnswer(args({ formMethod: undefined, formAction: undefined, actionResult: undefined }))).toBe(
      true,
    );
    expect(skipAfterRoomAnswer(args({ formAction: "/withdraw" }))).toBe(true);
    expect(skipAfterRoomAnswer(args({ actionResult: undefined }))).toBe(true);
    expect(skipAfterRoomAnswer(args({ defaultShouldRevalidate: false, formAction: "/login" }))).toBe(false);
  });
});
