import { PasswordInput, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '#shared/api/auth.ts';

interface AccountFieldsProps {
  inputProps: (field: 'name' | 'email' | 'password') => GetInputPropsReturnType;
  /** An account made for someone else: the browser must not fill in the signed-in user's own details. */
  forSomeoneElse?: boolean;
}

/** Name, email and a new password: what every new staff account is made of. */
export function AccountFields({ inputProps, forSomeoneElse = false }: AccountFieldsProps) {
  return (
    <>
      <TextInput
        label="Name"
        autoComplete={forSomeoneElse ? 'off' : 'name'}
        required
        {...inputProps('name')}
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete={forSomeoneElse ? 'off' : 'username'}
        required
        {...inputProps('email')}
      />
      <PasswordInput
        label="Password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters, not easy to guess.`}
        autoComplete="new-password"
        required
        {...inputProps('password')}
      />
    </>
  );
}
