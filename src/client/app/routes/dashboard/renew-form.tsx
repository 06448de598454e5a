import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { RenewalForm } from '#client/features/records/components/renewal-form.tsx';

export function Component() {
  return (
    <DashboardPage title="Renew Panel">
      <RenewalForm />
    </DashboardPage>
  );
}
