import { Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { ListPagination } from '#client/components/list/list-pagination.tsx';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { staffLoader } from '#client/features/auth/api/staff-loader.ts';
import {
  feedbackQuery,
  MESSAGES_PAGE_SIZE,
  messagesQuery,
} from '#client/features/messages/api/messages-query.ts';
import { ContactMessages } from '#client/features/messages/components/contact-messages.tsx';
import { FeedbackList } from '#client/features/messages/components/feedback-list.tsx';
import { listParams } from '#client/lib/list-params.ts';
import { queryClient } from '#client/lib/query-client.ts';

type Tab = 'contact' | 'feedback';
const tabOf = (params: URLSearchParams): Tab => (params.get('tab') === 'feedback' ? 'feedback' : 'contact');

export const loader = staffLoader<unknown>(({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const { page } = listParams(url.searchParams);
  const tab = tabOf(url.searchParams);
  return tab === 'feedback'
    ? queryClient.ensureQueryData(feedbackQuery(page))
    : queryClient.ensureQueryData(messagesQuery(page));
});

export function Component() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const { page } = listParams(params);
  const contact = useQuery({ ...messagesQuery(page), enabled: tab === 'contact' });
  const feedback = useQuery({ ...feedbackQuery(page), enabled: tab === 'feedback' });
  const total = (tab === 'contact' ? contact.data?.total : feedback.data?.total) ?? 0;

  return (
    <DashboardPage title="Messages">
      <Tabs value={tab} onChange={(next) => setParams(next === 'feedback' ? { tab: 'feedback' } : {})}>
        <Tabs.List>
          <Tabs.Tab value="contact">Contact messages</Tabs.Tab>
          <Tabs.Tab value="feedback">Feedback</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contact" pt="md">
          {contact.data && <ContactMessages items={contact.data.items} />}
        </Tabs.Panel>
        <Tabs.Panel value="feedback" pt="md">
          {feedback.data && <FeedbackList items={feedback.data.items} />}
        </Tabs.Panel>
      </Tabs>
      <ListPagination total={total} pageSize={MESSAGES_PAGE_SIZE} page={page} />
    </DashboardPage>
  );
}
