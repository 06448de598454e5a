import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../db/record-audit.ts';
import { signInRequired } from '../../errors.ts';

/** Who makes a staff request, for the audit trail; the staff scope's hook has set `request.user`. */
export function requestActor(request: FastifyRequest): Actor {
  if (!request.user) throw signInRequired();
  return { id: request.user.id, email: request.user.email };
}
