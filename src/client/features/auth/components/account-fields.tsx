import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { NewPasswordInput } from '#client/components/form/new-password-input.tsx';

interface AccountFieldsProps {
  inputProps: (field: 'name' | 'email' | 'password') => GetInputPropsReturnType;
  /** An account made for someone else: the browser must not fill in the signed-in user's own details. */
  forSomeoneElse?: boolean;
}

/** Name, email and a new password: what every new staff account is made of. */
export function AccountFields({ inputProps, forSomeoneElse = false }: AccountFieldsProps) {
  const password = inputProps('password');
  const personal = [String(inputProps('name').value ?? ''), String(inputProps('email').value ?? '')];
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
      <NewPasswordInput label="Password" required {...password} personal={personal} />
    </>
  );
}
