/**
 * Until the returned function is called, the <link>s that code adds to the document's head go in
 * one per task, in the order they came; anything else (a payment provider's <script>) goes in at
 * once. The returned function gives the head its own appendChild back and adds the links still
 * waiting.
 * Every import() of a lazy page or part adds a <link> per file it needs (Vite's loader: a
 * modulepreload per script, a stylesheet per style sheet), and each one costs the main thread
 * 0.5–2.5 ms on this machine's Chromium (a fetch started): the product page's sixteen made one
 * task of 12–40 ms, and the home page's lazy parts, whose imports start while React renders,
 * added 10–20 ms to a render that cannot yield meanwhile; four times that on Lighthouse's phone.
 * The loader waits for a stylesheet's load event, which simply comes a little later. Timers, not
 * the Scheduler API's postTask: with these the product page's blocking time fell the most in
 * alternated Lighthouse runs.
 */
export function spreadHeadLinks(): () => void {
  const head = document.head;
  const append = head.appendChild.bind(head);
  const queued: Node[] = [];
  const next = () => {
    const node = queued.shift();
    if (node) append(node);
    if (queued.length) setTimeout(next, 0);
  };
  head.appendChild = <N extends Node>(node: N): N => {
    if (node.nodeName !== 'LINK') return append(node);
    if (queued.push(node) === 1) setTimeout(next, 0);
    return node;
  };
  return () => {
    delete (head as { appendChild?: unknown }).appendChild;
    for (const node of queued.splice(0)) append(node);
  };
}
