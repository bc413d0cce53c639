/**
 * Runs `start` with the nodes it adds to the document's head added one per task afterwards, in
 * the same order. A route's import() adds a <link> per file of the route (Vite's loader: a
 * modulepreload per script, a stylesheet per style sheet) and each one costs the main thread
 * 0.5–2.5 ms on this machine's Chromium (a fetch started): the product page's sixteen made one
 * task of 12–40 ms, four times that on Lighthouse's phone. The loader waits for a stylesheet's
 * load event, which simply comes a little later. Timers, not the Scheduler API's postTask: with
 * these the product page's blocking time fell the most in alternated Lighthouse runs.
 */
export function spreadHeadLinks<T>(start: () => T): T {
  const head = document.head;
  const queued: Node[] = [];
  head.appendChild = <N extends Node>(node: N): N => (queued.push(node), node);
  try {
    return start();
  } finally {
    // The head's own appendChild again: the one its prototype gives.
    delete (head as { appendChild?: unknown }).appendChild;
    const next = () => {
      const node = queued.shift();
      if (!node) return;
      head.appendChild(node);
      setTimeout(next, 0);
    };
    setTimeout(next, 0);
  }
}
