import { recordFieldLabels } from '#shared/api/people.ts';

const otherLabels: Record<string, string> = {
  passportImage: 'Passport Image',
  certificateImage: 'Certificate Image',
  signatureImage: 'Signature Image',
  pdf: 'PDF',
  deletedAt: 'Deleted',
  revokedAt: 'Revoked',
  revocationReason: 'Revocation reason',
  name: 'Name',
  email: 'Email',
  role: 'Role',
  banned: 'Banned',
  password: 'Password',
  passwordResetLink: 'Password reset link',
  sessions: 'Sessions',
  scope: 'Scope',
  expiresAt: 'Expires',
  signIn: 'Signed in with',
  joinedSignIn: 'Joined to sign-in with',
};

/** A changed field's name as people read it: "finNumber" → "FIN No". */
export const fieldLabel = (field: string): string =>
  (recordFieldLabels as Record<string, string>)[field] ?? otherLabels[field] ?? field;
