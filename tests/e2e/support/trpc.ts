import { type APIRequestContext, expect } from '@playwright/test';

/** A tRPC query through a request context (its cookies: an admin's, a technician's, a customer's). */
export async function query(api: APIRequestContext, procedure: string, input?: unknown) {
  const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await api.get(`/api/trpc/${procedure}${qs}`);
  expect(res.ok(), `${procedure}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data;
}

/** A tRPC mutation through a request context; fails the test with the server's answer. */
export async function mutate(api: APIRequestContext, procedure: string, input: unknown) {
  const res = await api.post(`/api/trpc/${procedure}`, { data: input });
  expect(res.ok(), `${procedure}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data;
}
