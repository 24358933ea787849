import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { handleError } from '../../app/errors';
import { useServerInfo } from '../../app/info';
import { startSocialSignIn } from './authApi';
import { rememberSocialReturn } from './useCompleteSignIn';

export interface SocialLoginProps {
  /** Ask the server for a 30-day session (the sign-in page's remember-me box). */
  remember?: boolean;
}

/**
 * SocialLogin is the social sign-in block of /login and /register (accounts
 * §2.6, §4.4): 'Continue with Google' when the server has Google configured,
 * then an 'or' divider before the email form. Microsoft sign-in exists on the
 * server but has no button (§1). An 'error' query parameter on the page goes
 * to the error handler once. The page the guard sent the visitor here from is
 * kept for /auth/callback, since the trip to the provider loses it.
 */
export function SocialLogin({ remember = false }: SocialLoginProps) {
  const info = useServerInfo();
  const [params] = useSearchParams();
  const location = useLocation();
  const reported = useRef(false);
  const error = params.get('error');

  useEffect(() => {
    if (!error || reported.current) return;
    reported.current = true;
    handleError(error);
  }, [error]);

  const google = info.data?.providers?.google === true;
  if (!google) return null;

  return (
    <Stack gap="md">
      <Button
        variant="default"
        fullWidth
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
        onClick={() => {
          rememberSocialReturn(location.state);
          startSocialSignIn('google', remember);
        }}
      >
        Continue with Google
      </Button>
      <Divider label="or" labelPosition="center" />
    </Stack>
  );
}
