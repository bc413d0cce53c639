import { DEMO_FACTS, writeFacts, type Facts } from './demoShop';
import { forgetFacts } from '@/lib/site';

export { DEMO_FACTS, DEMO_MENU, STARTER_PAGES, type Facts } from './demoShop';

/**
 * Writes the shop's facts into the page as the server does — the demo's, with `changes` laid over
 * them (`null`: no element at all, as in vite dev) — and has the app read them afresh. The test
 * set-up writes the demo's before every test.
 */
export function embedShop(changes: Partial<Facts> | null = {}): void {
  writeFacts(changes === null ? null : { ...DEMO_FACTS, ...changes });
  forgetFacts();
}
