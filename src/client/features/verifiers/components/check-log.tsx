import { Button, Loader, Stack } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { checkLogQuery } from '../api/verifiers-api.ts';
import { CheckLogTable } from './check-log-table.tsx';
import { failureText } from './failure-text.ts';

/** A verifier's or a record's check log, newest first, 200 entries more at each "Show more". */
export function CheckLog({ of, caption }: { of: Parameters<typeof checkLogQuery>[0]; caption: string }) {
  const log = useInfiniteQuery(checkLogQuery(of));
  if (log.error && !log.data) return failureText(log.error, 'The checks could not be loaded.');
  if (!log.data) return <Loader aria-label="Loading checks" />;
  return (
    <Stack gap="sm" align="flex-start">
      <CheckLogTable entries={log.data.pages.flatMap((screen) => screen.items)} caption={caption} />
      {log.hasNextPage && (
        <Button variant="light" onClick={() => log.fetchNextPage()} loading={log.isFetchingNextPage}>
          Show more checks
        </Button>
      )}
      {log.error && failureText(log.error, 'The next checks could not be loaded.')}
    </Stack>
  );
}
