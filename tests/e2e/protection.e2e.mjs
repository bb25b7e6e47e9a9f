// Done when: a player sets a loss limit, is refused a bet that would pass it, takes a time-out
// and, signing in again, finds only the restricted view until it ends, in a phone-sized browser.
import { fundedPlayer, signInPlayer } from "./players.mjs";
import { roomWithShortRounds, roundWithTimeToBet } from "./short-rounds.mjs";

export default async function ({ page, base, shot, smsCode, serverLog }) {
  // A fresh player (one to time out), funded by the operator, in a room of the flow's own with 25 s rounds.
  const { username } = await fundedPlayer({ base, smsCode, serverLog, prefix: "lim" });
  await signInPlayer(page, username, "play1234");

  // a loss limit of 30 over 24 hours
  await page.getByRole("link", { name: "Play limits" }).click();
  await page.waitForURL("**/user/limits");
  await page.locator("select[name=kind]").selectOption("loss");
  await page.locator("select[name=period]").first().selectOption("day");
  await page.getByLabel("Amount").fill("30");
  await page.getByRole("button", { name: "Save limit" }).click();
  await page.getByText("Limit saved").first().waitFor();
  await page.getByTestId("limit-loss-day").getByText("30.00").waitFor();
  await shot("1-limit-set");

  // a bet of 20 is within it; another 20 would pass it
  const room = await roomWithShortRounds({
    base,
    serverLog,
    title: "Big & Small · limits flow",
    roundSeconds: 25,
    closeSeconds: 4,
  });
  await page.goto(room.url);
  await page
    .getByText(/^(Live|Updating every 10 s)$/)
    .first()
    .waitFor();
  await roundWithTimeToBet(page, room, 15);
  const bet = async () => {
    await page.locator("label.option", { hasText: /^Big/ }).click();
    await page.getByPlaceholder("Amount per option").fill("20");
    await page.getByRole("button", { name: "Buy" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Pay" }).click();
  };
  await bet();
  await page.getByText("Order placed").first().waitFor();
  await bet();
  await page.getByText("This bet would pass your loss limit").first().waitFor();
  await shot("2-bet-refused");

  // a 24-hour time-out: logged out at once; signing in again opens the restricted view with the end date
  await page.goto("/user/limits");
  await page.locator("select[name=period]").last().selectOption("24h");
  await page.getByRole("form", { name: "Take a break" }).getByRole("button", { name: "Continue" }).click();
  // the confirm step states the end date and asks for the withdrawal password only there
  const confirmBreak = page.getByTestId("break-confirm");
  await confirmBreak.getByTestId("break-ends").waitFor();
  await confirmBreak.getByLabel("Withdrawal password").fill("135790");
  await shot("3-time-out");
  await confirmBreak.getByRole("button", { name: "Start the time-out" }).click();
  await page.waitForURL("**/login");
  await page
    .getByText(/Your time-out has started\. It ends /)
    .first()
    .waitFor();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("play1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");
  await page
    .getByTestId("restricted")
    .getByText(/Time-out until \d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
    .waitFor();
  await shot("4-restricted-view");
  await room.stop();
}
