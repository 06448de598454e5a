import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { listQueryString } from '#client/lib/list-params.ts';

export const MESSAGES_PAGE_SIZE = 20;

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

export interface FeedbackEntry {
  id: string;
  rating: number;
  comment: string | null;
  page: string | null;
  createdAt: string;
}

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const messagesQuery = (page: number) =>
  queryOptions({
    queryKey: ['messages', 'contact', page],
    queryFn: () =>
      apiFetch<Page<ContactMessage>>(
        `/api/messages?${listQueryString({ page, pageSize: MESSAGES_PAGE_SIZE })}`,
      ),
    staleTime: 10_000,
  });

export const feedbackQuery = (page: number) =>
  queryOptions({
    queryKey: ['messages', 'feedback', page],
    queryFn: () =>
      apiFetch<Page<FeedbackEntry>>(
        `/api/feedback?${listQueryString({ page, pageSize: MESSAGES_PAGE_SIZE })}`,
      ),
    staleTime: 10_000,
  });
