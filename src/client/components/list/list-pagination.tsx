import { Group, Pagination } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { pageCount } from '#client/lib/list-params.ts';

const controlLabels = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

/** Page links for a server-paginated list; the page lives in the URL's `?page=`. */
export function ListPagination({ total, pageSize, page }: { total: number; pageSize: number; page: number }) {
  const [params, setParams] = useSearchParams();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <Group justify="center" component="nav" aria-label="Pages">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={(next) => {
          const updated = new URLSearchParams(params);
          updated.set('page', String(next));
          setParams(updated);
          window.scrollTo({ top: 0 });
        }}
        getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
        getItemProps={(n) => ({ 'aria-label': `Page ${n}`, 'aria-current': n === page ? 'page' : undefined })}
      />
    </Group>
  );
}
