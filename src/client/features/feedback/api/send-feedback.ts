import { postJson } from '#client/lib/api-client.ts';
import type { FeedbackInput } from '#shared/api/feedback.ts';

export const sendFeedback = (input: FeedbackInput) => postJson<{ status: string }>('/api/feedback', input);
