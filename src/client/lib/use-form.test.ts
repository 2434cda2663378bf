import { createTRPCClient, httpLink } from '@trpc/client';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '@/domain/errors';
import type { TrpcContext } from '@/server/trpc';
import { publicProcedure, router } from '@/server/trpc';
import { serverIssues } from './use-form';

/*
 * useForm's reading of the server's refusals (serverIssues, behind showServerErrors), fed by the real
 * path: the app's procedures and error formatter (server/trpc.ts, server/errors.ts) answer over
 * HTTP to a tRPC client, with no network between them.
 */
const refuse = (details?: Record<string, unknown>) =>
  publicProcedure.mutation(() => {
    throw new DomainError(
      'conflict',
      'SLUG_TAKEN',
      'Ce slug existe déjà. Veuillez en choisir un autre.',
      details,
    );
  });

const testRouter = router({
  slugTaken: refuse({ field: 'slug' }),
  notAField: refuse({ field: 'somethingElse' }),
  noField: refuse({ productId: 'p1' }),
  noDetails: refuse(),
  parsed: publicProcedure
    .input(z.object({ title: z.string().min(1, 'Le titre est obligatoire'), price: z.number() }))
    .mutation(() => 'ok'),
});

const client = createTRPCClient<typeof testRouter>({
  links: [
    httpLink({
      url: 'http://test.local/trpc',
      fetch: (url, init) =>
        fetchRequestHandler({
          endpoint: '/trpc',
          req: new Request(url, init as RequestInit),
          router: testRouter,
          createContext: () => ({ requestId: 'test', user: null }) as unknown as TrpcContext,
        }),
    }),
  ],
});

const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );

/** The product form's values. */
const productForm = { title: '', slug: '', price: '' };

describe('useForm: the server’s refusals on the form’s fields', () => {
  it('lays a typed refusal’s message on the field its details name', async () => {
    const error = await failure(client.slugTaken.mutate());
    expect(serverIssues(error, productForm)).toEqual([
      { path: ['slug'], message: 'Ce slug existe déjà. Veuillez en choisir un autre.' },
    ]);
  });

  it('lays nothing when the named field is not one of the form (the caller says it otherwise)', async () => {
    expect(serverIssues(await failure(client.notAField.mutate()), productForm)).toEqual([]);
    // The same refusal on a form that has the field: there.
    expect(serverIssues(await failure(client.notAField.mutate()), { somethingElse: '' })).toEqual([
      { path: ['somethingElse'], message: 'Ce slug existe déjà. Veuillez en choisir un autre.' },
    ]);
  });

  it('lays nothing for a refusal that names no field', async () => {
    expect(serverIssues(await failure(client.noField.mutate()), productForm)).toEqual([]);
    expect(serverIssues(await failure(client.noDetails.mutate()), productForm)).toEqual([]);
  });

  it('lays the schema’s messages on their input keys, as before', async () => {
    const error = await failure(client.parsed.mutate({ title: '', price: 'x' as unknown as number }));
    const issues = serverIssues(error, productForm);
    expect(issues).toContainEqual({ path: ['title'], message: 'Le titre est obligatoire' });
    expect(issues.map((i) => i.path[0]).sort()).toEqual(['price', 'title']);
  });

  it('reads nothing from what is not a tRPC answer', () => {
    expect(serverIssues(new Error('network down'), productForm)).toEqual([]);
    expect(serverIssues(undefined, productForm)).toEqual([]);
  });
});
