import { Text } from '@mantine/core';
import { Page } from '#client/components/page/page.tsx';
import { ApplicationForm } from '#client/features/verifiers/components/application-form.tsx';

export function Component() {
  return (
    <Page title="Apply for a verifier account" size="sm">
      <Text mb="lg">
        Employers and agencies that check many e-Certs can check a whole list at once with a verifier account.
        Tell us who you are and why you check; the issuer's staff review each application.
      </Text>
      <ApplicationForm />
    </Page>
  );
}
