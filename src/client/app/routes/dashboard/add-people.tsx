import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { PersonForm } from '#client/features/records/components/person-form.tsx';

export function Component() {
  return (
    <DashboardPage title="Admin Panel">
      <PersonForm />
    </DashboardPage>
  );
}
