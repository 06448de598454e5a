import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from '#client/lib/notify.ts';
import { signOut } from './sign-in.ts';
import { rememberSignedIn } from './signed-in-hint.ts';

/** Logging out of the dashboard or the verifier area: back to the login page, nothing kept. */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Nothing a signed-in user saw may stay in memory after they leave.
      client.clear();
      rememberSignedIn(false);
      await navigate('/login', { replace: true });
    },
    onError: () => notify.error('Could not log out. Please try again.'),
  });
}
