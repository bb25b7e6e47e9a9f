import { useSyncExternalStore } from "react";

// Installing the app (manifest + service worker, public/sw.js) and the "Add to home screen" prompt.

type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

export type InstallState =
  /** Before hydration: the server cannot know the browser. */
  | "unknown"
  /** The browser offered an install prompt (Chrome, Edge, Samsung Internet on Android). */
  | "available"
  /** Already running as an installed app, or just installed. */
  | "installed"
  /** iPhone or iPad Safari: installing is Share, then Add to Home Screen. */
  | "ios"
  /** No prompt (yet): the browser menu is the way. */
  | "manual";

let deferredPrompt: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function currentState(): InstallState {
  if (
    installed ||
    window.matchMedia("(display-mode: standalone)").matches ||
    (navigator as { standalone?: boolean }).standalone
  ) {
    return "installed";
  }
  if (deferredPrompt) return "available";
  return /iPhone|iPad|iPod/.test(navigator.userAgent) ? "ios" : "manual";
}

/**
 * Called once from entry.client before hydration: the browser fires beforeinstallprompt early, so it
 * is kept for the version page's button. Registers the service worker after the page has loaded (the hashed
 * assets it fetched stay in the browser's own cache for a year, public/_headers), and again when the connection
 * comes back while no worker controls the page.
 */
export function startPwa() {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    deferredPrompt = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener("appinstalled", () => {
    deferredPrompt = null;
    installed = true;
    notify();
  });
  if (!("serviceWorker" in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("service worker not registered", error));
  window.addEventListener("load", register);
  // A connection lost while the worker installs (a phone between two masts) fails the install, and the browser would
  // try again only at the next full page load, which this app rarely makes: try again as the connection returns.
  window.addEventListener("online", () => {
    if (!navigator.serviceWorker.controller) void register();
  });
}

export async function promptInstall(): Promise<void> {
  const prompt = deferredPrompt;
  if (!prompt) return;
  deferredPrompt = null;
  await prompt.prompt();
  const choice = await prompt.userChoice;
  if (choice.outcome === "accepted") installed = true;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, currentState, () => "unknown");
}
