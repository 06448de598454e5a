import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Popover, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FEEDBACK_COMMENT_MAX_LENGTH } from '#shared/limits.ts';
import { sendFeedback } from '../api/send-feedback.ts';
import { Smiley } from './feedback-button.tsx';

/**
 * The feedback popover: a 1–5 rating and an optional comment. Loaded only when someone reaches
 * for the smiley (see feedback-button.tsx), so its Popover, Rating and Textarea stay out of every
 * page's first paint.
 */
export default function FeedbackPopover({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(defaultOpened);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const mutation = useMutation({ mutationFn: sendFeedback });
  const thanks = useRef<HTMLParagraphElement>(null);

  // The send button disappears on success: keep focus in the popover so Escape still closes it.
  useEffect(() => {
    if (mutation.isSuccess) thanks.current?.focus();
  }, [mutation.isSuccess]);

  const close = () => {
    setOpened(false);
    if (mutation.isSuccess) {
      mutation.reset();
      setRating(0);
      setComment('');
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      onClose={close}
      position="top-start"
      withArrow
      trapFocus
      shadow="md"
    >
      <Popover.Target>
        <Smiley aria-expanded={opened} onClick={() => (opened ? close() : setOpened(true))} />
      </Popover.Target>
      <Popover.Dropdown w={300} aria-label={t`Feedback`}>
        {mutation.isSuccess ? (
          <Text role="status" ref={thanks} tabIndex={-1}>
            <Trans>Thank you for your feedback!</Trans>
          </Text>
        ) : (
          <Stack gap="sm">
            <Text fw={600} id="feedback-rating-label">
              <Trans>How was your visit?</Trans>
            </Text>
            <Rating value={rating} onChange={setRating} aria-labelledby="feedback-rating-label" />
            <Textarea
              label={t`Comment (optional)`}
              value={comment}
              maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
              onChange={(event) => setComment(event.currentTarget.value)}
              autosize
              minRows={2}
            />
            {mutation.isError && (
              <Text c="red.8" size="sm" role="alert">
                <Trans>Your feedback could not be sent. Please try again later.</Trans>
              </Text>
            )}
            <Button
              disabled={rating === 0}
              loading={mutation.isPending}
              onClick={() =>
                mutation.mutate({
                  rating,
                  comment: comment.trim() || undefined,
                  page: window.location.pathname,
                })
              }
            >
              <Trans>Send feedback</Trans>
            </Button>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
