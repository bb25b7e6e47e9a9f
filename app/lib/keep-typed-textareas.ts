/**
 * Text typed into a textarea before the page's scripts ran survives hydration. React keeps an input's
 * typed value while hydrating, but it writes a textarea's server text back into the box when that text
 * is not empty (an operator's settings, an article being edited), so what was typed there would be lost.
 * Taken aside before hydrating and put back once React has taken the element over.
 */
export function keepTypedTextareas(): void {
  const typed = [...document.querySelectorAll("textarea")]
    .filter((box) => box.value !== box.defaultValue)
    .map((box) => ({ box, value: box.value }));
  if (typed.length === 0) return;
  const owned = (box: Element) => Object.keys(box).some((key) => key.startsWith("__reactFiber"));
  let frames = 0;
  const putBack = () => {
    const waiting = typed.filter(({ box }) => box.isConnected && !owned(box));
    // a slow phone may take seconds to hydrate; after a minute the page is not hydrating any more
    if (waiting.length > 0 && ++frames < 3_600) {
      requestAnimationFrame(putBack);
      return;
    }
    for (const { box, value } of typed) if (box.isConnected && box.value !== value) box.value = value;
  };
  requestAnimationFrame(putBack);
}
