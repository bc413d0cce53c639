// contract-23: until api.gen.ts has it. This whole file goes once issue 23's back end lands and
// api.gen.ts is regenerated: replace `api23` by `api` and `contract(call)` by `answer(call)`, and
// the type check shows whatever the real document names differently.
import type { Client } from 'openapi-fetch';
import { answer, api } from './api';
import type { paths } from './api.gen';
import type { AdminOrder, CollectBody, KeepAccountBody, Session } from './types';

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type Post<Path, Body, Answer> = {
  parameters: { query?: never; header?: never; cookie?: never } & ([Path] extends [never]
    ? { path?: never }
    : { path: Path });
  requestBody: { content: { 'application/json': Body } };
  responses: { 200: Json<Answer> };
};
type Only<Operation> = {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
  get?: never;
  put?: never;
  post: Operation;
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
};

/** The contract's new endpoints, in the generated document's shape. */
type NewPaths = {
  '/api/admin/orders/{id}/collect': Only<Post<{ id: string }, CollectBody, AdminOrder>>;
  '/api/admin/orders/{id}/refuse': Only<Post<{ id: string }, Record<string, never>, AdminOrder>>;
  '/api/auth/keep-account': Only<Post<never, KeepAccountBody, Session>>;
};

/** The one client, typed with the contract's new endpoints too (the very same object as `api`). */
export const api23 = api as unknown as Client<paths & NewPaths>;

/**
 * The answer of an existing endpoint as the contract shapes it (new fields the generated document
 * does not list yet). The same promise as `answer(call)`.
 */
export function contract<T>(call: Promise<{ data?: unknown }>): Promise<T> {
  return answer(call) as Promise<T>;
}
