import { z } from 'zod';
import { FEEDBACK_COMMENT_MAX_LENGTH } from '../limits.ts';

export const feedbackInput = z.object({
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int({ error: 'Rating must be a whole number from 1 to 5' })
    .min(1, { error: 'Rating must be a whole number from 1 to 5' })
    .max(5, { error: 'Rating must be a whole number from 1 to 5' }),
  comment: z
    .string({ error: 'Comment must be text' })
    .trim()
    .max(FEEDBACK_COMMENT_MAX_LENGTH, {
      error: `Comment must be at most ${FEEDBACK_COMMENT_MAX_LENGTH} characters`,
    })
    .optional(),
  page: z.string().max(200).optional(),
});
export type FeedbackInput = z.infer<typeof feedbackInput>;
