import { useSuspenseQuery } from '@tanstack/react-query';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { ChangePasswordForm } from '#client/features/account/components/change-password-form.tsx';
import { TwoFactorCard } from '#client/features/account/components/two-factor-card.tsx';
import { sessionQuery } from '#client/features/auth/api/session-query.ts';

// Reads only the session, never the staff API: an administrator who must set up two-factor
// sign-in first can reach this page.
export function Component() {
  const { data: session } = useSuspenseQuery(sessionQuery());
  return (
    <DashboardPage title="Account">
      <TwoFactorCard enabled={!!session?.user.twoFactorEnabled} />
      <ChangePasswordForm />
    </DashboardPage>
  );
}
