import { Text } from '@mantine/core';
import { redirect } from 'react-router';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { sessionQuery } from '#client/features/auth/api/session-query.ts';
import {
  contentOverviewQuery,
  contentVersionsQuery,
} from '#client/features/content-editor/api/content-editor-api.ts';
import { ContentFilesPanel } from '#client/features/content-editor/components/content-files-panel.tsx';
import { PageEditor } from '#client/features/content-editor/components/page-editor.tsx';
import { PublishPanel } from '#client/features/content-editor/components/publish-panel.tsx';
import { TranslationReviewPanel } from '#client/features/content-editor/components/translation-review.tsx';
import { VersionHistory } from '#client/features/content-editor/components/version-history.tsx';
import { queryClient } from '#client/lib/query-client.ts';

// Administrators and editors; the server refuses everyone else as well.
export async function loader() {
  const session = await queryClient.fetchQuery(sessionQuery());
  if (!session) return null; // the layout sends signed-out visitors to the login page
  if (session.user.role !== 'admin' && session.user.role !== 'editor') throw redirect('/dashboard');
  await Promise.all([
    queryClient.ensureQueryData(contentOverviewQuery()),
    queryClient.ensureQueryData(contentVersionsQuery()),
  ]);
  return null;
}

export function Component() {
  return (
    <DashboardPage title="Pages and brand">
      <Text>
        Change any public page or the brand in any language. A change is a draft until you publish it; preview
        it first, at a phone’s width and a desktop’s. Every published version is kept and can be restored.
      </Text>
      <PageEditor />
      <PublishPanel />
      <VersionHistory />
      <TranslationReviewPanel />
      <ContentFilesPanel />
    </DashboardPage>
  );
}
