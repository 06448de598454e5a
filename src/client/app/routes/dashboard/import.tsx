import { useQueryClient } from '@tanstack/react-query';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { ImportFlow } from '#client/features/imports/components/import-flow.tsx';
import { ImportIntro } from '#client/features/imports/components/import-intro.tsx';
import { invalidateRecords } from '#client/features/records/api/invalidate-records.ts';
import type { ImportKind } from '#shared/api/imports.ts';

const titles: Record<ImportKind, string> = { people: 'Import', renewals: 'Renew Import' };

/** "Import" (people) and "Renew Import" (renewals): one page, told which records it fills. */
export function importRoute(kind: ImportKind) {
  function Component() {
    const client = useQueryClient();
    return (
      <DashboardPage title={titles[kind]}>
        <ImportIntro kind={kind} />
        <ImportFlow kind={kind} onDone={() => invalidateRecords(client, kind)} />
      </DashboardPage>
    );
  }
  return { Component };
}
