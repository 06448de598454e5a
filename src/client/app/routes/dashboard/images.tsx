import { SimpleGrid, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { ListPagination } from '#client/components/list/list-pagination.tsx';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { staffLoader } from '#client/features/auth/api/staff-loader.ts';
import { IMAGES_PAGE_SIZE, imagesQuery } from '#client/features/images/api/images-query.ts';
import { type EnlargedImage, ImageEntryCard } from '#client/features/images/components/image-entry-card.tsx';
import { ImageViewer } from '#client/features/images/components/image-viewer.tsx';
import { listParams } from '#client/lib/list-params.ts';
import { queryClient } from '#client/lib/query-client.ts';

export const loader = staffLoader(({ request }: LoaderFunctionArgs) =>
  queryClient.ensureQueryData(imagesQuery(listParams(request.url).page)),
);

export function Component() {
  const [params] = useSearchParams();
  const { page } = listParams(params);
  const { data } = useSuspenseQuery(imagesQuery(page));
  const [enlarged, setEnlarged] = useState<EnlargedImage | null>(null);
  return (
    <DashboardPage title="All Images">
      <Text fw={600}>Total: {data.total}</Text>
      {data.items.length === 0 ? (
        <Text role="status">No images yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {data.items.map((entry) => (
            <ImageEntryCard key={entry.id} entry={entry} onEnlarge={setEnlarged} />
          ))}
        </SimpleGrid>
      )}
      <ListPagination total={data.total} pageSize={IMAGES_PAGE_SIZE} page={page} />
      <ImageViewer image={enlarged} onClose={() => setEnlarged(null)} />
    </DashboardPage>
  );
}
