import { eq, sql } from 'drizzle-orm';
import { VERIFIER_ROLE } from '#shared/api/auth.ts';
import type { VerifierStatus } from '#shared/api/verifiers.ts';
import type { Db } from '../../db/database.ts';
import { type Actor, recordAudit, type Tx } from '../../db/record-audit.ts';
import { session, user, verifier } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import type { VerifierRow } from './verifier-view.ts';

type Change = {
  from: VerifierStatus;
  to: VerifierStatus;
  apply?: (tx: Tx, row: VerifierRow) => Promise<unknown>;
};

const notFrom = (from: VerifierStatus, to: VerifierStatus) =>
  conflict(
    {
      pending: `Only a pending application can be ${to === 'approved' ? 'approved' : 'refused'}.`,
      approved: 'Only an approved verifier can be suspended.',
      suspended: 'Only a suspended verifier can be reinstated.',
      refused: 'This application was refused.',
    }[from],
  );

/**
 * Moves a verifier from one status to the next, with what the move does to its user, audited in
 * the same transaction. Null when there is no such verifier.
 */
async function changeStatus(db: Db, id: string, change: Change, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(verifier).where(eq(verifier.id, id)).for('update');
    if (!row) return null;
    if (row.status !== change.from) throw notFrom(change.from, change.to);
    await change.apply?.(tx, row);
    const [updated] = await tx
      .update(verifier)
      .set({ status: change.to, decidedAt: sql`now()` })
      .where(eq(verifier.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      entityType: 'verifier',
      entityId: id,
      action: 'update',
      changes: { status: [change.from, change.to] },
    });
    return updated ?? null;
  });
}

/**
 * Approves an application and makes its user: role "verifier", no password until the contact
 * person sets one with the link staff hand over. An address that already has a user (a staff
 * member's) is refused: one person's staff account is never also a verifier account.
 */
export const approveVerifier = (db: Db, id: string, actor: Actor) =>
  changeStatus(
    db,
    id,
    {
      from: 'pending',
      to: 'approved',
      apply: async (tx, row) => {
        const email = row.email.toLowerCase();
        const [taken] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
        if (taken)
          throw conflict('This email already has an account: a verifier needs an address of its own.');
        const userId = crypto.randomUUID();
        await tx
          .insert(user)
          .values({ id: userId, email, name: row.contactName, role: VERIFIER_ROLE, emailVerified: true });
        await tx.update(verifier).set({ userId }).where(eq(verifier.id, row.id));
      },
    },
    actor,
  );

export const refuseVerifier = (db: Db, id: string, actor: Actor) =>
  changeStatus(db, id, { from: 'pending', to: 'refused' }, actor);

/** Suspension bans the user (sign-in refused) and ends every session it has. */
export const suspendVerifier = (db: Db, id: string, actor: Actor) =>
  changeStatus(
    db,
    id,
    {
      from: 'approved',
      to: 'suspended',
      apply: async (tx, row) => {
        if (!row.userId) return;
        await tx
          .update(user)
          .set({ banned: true, banReason: 'Verifier account suspended', updatedAt: sql`now()` })
          .where(eq(user.id, row.userId));
        await tx.delete(session).where(eq(session.userId, row.userId));
      },
    },
    actor,
  );

export const reinstateVerifier = (db: Db, id: string, actor: Actor) =>
  changeStatus(
    db,
    id,
    {
      from: 'suspended',
      to: 'approved',
      apply: async (tx, row) => {
        if (!row.userId) return;
        await tx
          .update(user)
          .set({ banned: false, banReason: null, banExpires: null, updatedAt: sql`now()` })
          .where(eq(user.id, row.userId));
      },
    },
    actor,
  );
