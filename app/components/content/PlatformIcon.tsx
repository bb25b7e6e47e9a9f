/** Small platform marks for the download rows (drawn here: no third-party logo files). */
export function PlatformIcon({ platform }: { platform: "android" | "ios" }) {
  if (platform === "android") {
    return (
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 9.5h12v7.5a1.5 1.5 0 0 1-1.5 1.5H16v2.5a1.2 1.2 0 0 1-2.4 0V18.5h-3.2v2.5a1.2 1.2 0 0 1-2.4 0V18.5H7.5A1.5 1.5 0 0 1 6 17zM3.8 9.5a1.2 1.2 0 0 1 1.2 1.2v4.8a1.2 1.2 0 0 1-2.4 0v-4.8a1.2 1.2 0 0 1 1.2-1.2zm16.4 0a1.2 1.2 0 0 1 1.2 1.2v4.8a1.2 1.2 0 0 1-2.4 0v-4.8a1.2 1.2 0 0 1 1.2-1.2zM6 8.5a6 6 0 0 1 3.1-5.1L8.2 2.1a.4.4 0 0 1 .7-.4l.9 1.4a6.3 6.3 0 0 1 4.4 0l.9-1.4a.4.4 0 0 1 .7.4l-.9 1.3A6 6 0 0 1 18 8.5zm3.3-2.6a.8.8 0 1 0 0 1.6.8.8 0 0 0 0-1.6zm5.4 0a.8.8 0 1 0 0 1.6.8.8 0 0 0 0-1.6z" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M8 1.5h8A2.5 2.5 0 0 1 18.5 4v16a2.5 2.5 0 0 1-2.5 2.5H8A2.5 2.5 0 0 1 5.5 20V4A2.5 2.5 0 0 1 8 1.5zm0 2a.5.5 0 0 0-.5.5v15.5a.5.5 0 0 0 .5.5h8a.5.5 0 0 0 .5-.5V4a.5.5 0 0 0-.5-.5h-1.8l-.4.8h-3.6l-.4-.8zm2.5 17.2h3a.6.6 0 0 1 0 1.2h-3a.6.6 0 0 1 0-1.2z" />
    </svg>
  );
}
