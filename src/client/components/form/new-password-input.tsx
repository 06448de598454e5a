import { List, PasswordInput, type PasswordInputProps, Stack, Text } from '@mantine/core';
import { useDeferredValue, useEffect, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '#shared/api/auth.ts';
import type { judgePassword as JudgePassword } from '#shared/rules/password-strength.ts';

type Judge = typeof JudgePassword;

/**
 * The server's password rule, fetched the first time someone types a new password: its
 * dictionaries are about 1 MB, which no other page (public or staff) should load.
 */
let loading: Promise<Judge> | undefined;
const loadJudge = () => {
  loading ??= import('#shared/rules/password-strength.ts').then((rule) => rule.judgePassword);
  return loading;
};

interface NewPasswordInputProps extends Omit<PasswordInputProps, 'description'> {
  value?: string;
  /** The account's own words (email, name), which make a password easy to guess. */
  personal?: readonly string[];
}

/**
 * A new password's field, with how easy it is to guess as it is typed: the estimator's warning and
 * suggestions, the same judgement the server makes when the form is sent.
 */
export function NewPasswordInput({ value, personal = [], ...props }: NewPasswordInputProps) {
  const [judge, setJudge] = useState<Judge | null>(null);
  const typed = useDeferredValue(value ?? '');
  useEffect(() => {
    if (!typed || judge) return;
    let current = true;
    void loadJudge().then((loaded) => current && setJudge(() => loaded));
    return () => {
      current = false;
    };
  }, [typed, judge]);
  const judged = judge && typed.length >= PASSWORD_MIN_LENGTH ? judge(typed, personal) : null;

  return (
    <Stack gap={4}>
      <PasswordInput
        description={`At least ${PASSWORD_MIN_LENGTH} characters, not easy to guess.`}
        autoComplete="new-password"
        value={value}
        {...props}
      />
      <div aria-live="polite">
        {judged?.strong && (
          <Text size="sm" c="green.9">
            Hard to guess: this password will do.
          </Text>
        )}
        {judged && !judged.strong && (
          <>
            <Text size="sm" fw={700} c="red.9">
              {judged.warning ? `Easy to guess: ${judged.warning}` : 'Easy to guess.'}
            </Text>
            {judged.suggestions.length > 0 && (
              <List size="sm">
                {judged.suggestions.map((suggestion) => (
                  <List.Item key={suggestion}>{suggestion}</List.Item>
                ))}
              </List>
            )}
          </>
        )}
      </div>
    </Stack>
  );
}
