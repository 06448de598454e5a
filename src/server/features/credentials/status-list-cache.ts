import type { FastifyInstance } from 'fastify';
import { buildStatusList } from './build-status-list.ts';
import { statusListUrl } from './credential-of-person.ts';

/**
 * How long an instance serves a signed list before building it again from the database. With the
 * same HTTP max-age, a revocation made on any instance is public within a minute everywhere.
 */
export const STATUS_LIST_TTL_MS = 30_000;

type Signed = Record<string, unknown> | null;

/** Signed status lists kept for a short while; a revocation on this instance drops them at once. */
export function statusListCache(app: FastifyInstance) {
  const lists = new Map<number, { at: number; signed: Promise<Signed> }>();

  async function build(listId: number): Promise<Signed> {
    const unsigned = await buildStatusList(app.db, {
      listId,
      listUrl: statusListUrl(app.config.publicUrl, listId),
      issuer: app.issuer.did,
    });
    return unsigned ? app.issuer.sign(unsigned) : null;
  }

  return {
    get(listId: number): Promise<Signed> {
      const known = lists.get(listId);
      if (known && Date.now() - known.at < STATUS_LIST_TTL_MS) return known.signed;
      const signed = build(listId);
      signed.catch(() => lists.delete(listId));
      lists.set(listId, { at: Date.now(), signed });
      return signed;
    },
    clear() {
      lists.clear();
    },
  };
}

export type StatusListCache = ReturnType<typeof statusListCache>;
