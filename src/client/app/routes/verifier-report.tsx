import { Text } from '@mantine/core';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { Page } from '#client/components/page/page.tsx';
import { AuthFailure } from '#client/features/auth/components/auth-failure.tsx';
import { fetchVerifierReport } from '#client/features/verifiers/api/verifiers-api.ts';
import { ResultRows } from '#client/features/verifiers/components/result-rows.tsx';
import { formatDateTime } from '#client/lib/format-date-time.ts';

/** The report as the portal keeps it; an unknown or pruned one shows the server's words. */
export async function loader({ params }: LoaderFunctionArgs) {
  try {
    return { report: await fetchVerifierReport(params.id ?? ''), error: null };
  } catch (error) {
    return { report: null, error };
  }
}

/** What the QR code on a list's PDF report opens: the rows as they were checked, to compare. */
export function Component() {
  const { report, error } = useLoaderData<typeof loader>();
  return (
    <Page title="Verification report">
      {report ? (
        <>
          <Text mb="lg">
            Checked {formatDateTime(report.checkedAt)} by {report.companyName} ({report.contactName}). These
            are the rows as the portal keeps them: a printed report that differs from them has been changed.
          </Text>
          <ResultRows rows={report.rows} />
        </>
      ) : (
        <AuthFailure error={error} />
      )}
    </Page>
  );
}
