import { RemixBrowser } from "@remix-run/react";

type RemixWindow = Window & { __remixContext?: { stream?: unknown; future?: { v3_singleFetch?: boolean } } };

/**
 * Waits until Remix has decoded the single-fetch state the server streamed into the page.
 *
 * RemixBrowser's first render throws the decoding promise (it suspends) until that state is
 * decoded. With React 18.3 a tap or a keystroke while the root is suspended mid-hydration forces a
 * synchronous hydration that cannot suspend, and React gives up with error #345: the page stays as
 * the server sent it, without JavaScript, until it is reloaded (a slow phone and a quick thumb are
 * enough). Starting the decoding here and hydrating only once it is done means the root never
 * suspends while hydrating (docs/decisions/122-hydrate-after-the-state-is-decoded.md).
 */
export async function remixStateDecoded(): Promise<void> {
  const context = (window as RemixWindow).__remixContext;
  // Only while the stream is unread does Remix's first render throw the promise (before any hook runs).
  if (!context?.future?.v3_singleFetch || context.stream === undefined) return;
  try {
    (RemixBrowser as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}
