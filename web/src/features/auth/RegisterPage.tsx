import { Alert, Anchor, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailHeart } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { HttpError } from '../../api/client';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { linkColor } from '../../app/theme';
import { ErrorAlert } from '../../components/ErrorAlert';
import { markRegisteredWithInvite, rememberPendingInvite, useWelcomeToChoir } from '../invitations';
import {
  errorCode,
  PASSWORD_ACCOUNT_MESSAGE,
  socialAccountMessage,
  useCheckProvider,
  useRegister,
  type AuthProviderCheck,
} from './authApi';
import { AuthCard } from './AuthCard';
import { errorLines, showFormErrors } from './forms';
import { PasswordChecklist } from './PasswordChecklist';
import { SocialLogin } from './SocialLogin';
import { SubmitButton } from './SubmitButton';
import { validateRegistration, type RegistrationValues } from './validation';

export const REGISTRATION_FAILED = 'Registration failed';
export const VERIFY_ACCOUNT_FAILED = 'Unable to verify account status. Please try again.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred';
/** The registration success toast lasts 8 s (accounts §9). */
export const REGISTRATION_TOAST_MS = 8000;

export function registrationStartedMessage(email: string): string {
  return `Registration Started: we've sent a confirmation email to ${email}. Check your inbox and spam folder to verify your account before signing in.`;
}

/**
 * RegisterPage is the sign-up screen (/register, accounts §2.7, §4.5, §5),
 * including sign-up from an invitation (query email, firstName, lastName, inviteToken).
 */
export function RegisterPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const inviteToken = params.get('inviteToken')?.trim() || '';
  const checkProvider = useCheckProvider();
  const register = useRegister();
  const welcome = useWelcomeToChoir();

  // After a first submit the messages follow the typing; before it they wait.
  const [submitted, setSubmitted] = useState(false);
  const form = useForm<RegistrationValues>({
    initialValues: {
      firstName: params.get('firstName') ?? '',
      lastName: params.get('lastName') ?? '',
      email: params.get('email') ?? '',
      password: '',
      confirmPassword: '',
      phoneNumber: '',
    },
    validate: validateRegistration,
    onValuesChange: () => {
      if (submitted) form.validate();
    },
    enhanceGetInputProps: errorLines,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const busy = checkProvider.submitting || register.submitting;

  // The invite token is kept for the session as soon as the page opens (§4.5).
  useEffect(() => {
    if (inviteToken) rememberPendingInvite(inviteToken);
  }, [inviteToken]);

  if (user && !busy) return <Navigate to="/dashboard" replace />;

  const attempted = () => {
    setSubmitted(true);
    setFailure(null);
  };

  const create = async (values: RegistrationValues) => {
    attempted();
    const email = values.email.trim();

    // 1–2. An address that already has an account stops here.
    let check: AuthProviderCheck | undefined;
    try {
      check = await checkProvider.submit(email);
    } catch {
      setFailure(VERIFY_ACCOUNT_FAILED);
      return;
    }
    if (!check) return;
    if (check.found) {
      setFailure(check.isOAuth ? socialAccountMessage(check.provider) : PASSWORD_ACCOUNT_MESSAGE);
      return;
    }

    // 3. Register; the server sends the confirmation email.
    const phone = values.phoneNumber.trim();
    const body = {
      email,
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phoneNumber: phone || null,
      inviteToken: inviteToken || null,
    };
    try {
      await register.submit(body, {
        onSuccess: async (registered) => {
          // 4. Through the invitation's link with the invited address, the
          // server has signed the new account in and joined the choir: one
          // welcome, then the choir's dashboard.
          if (registered.signedIn) {
            if (registered.joined) {
              await welcome(registered.joined);
              void navigate('/dashboard', { replace: true });
            } else {
              // Signed in, but the membership could not be added: the
              // invitation page tries again and says why.
              void navigate(`/accept-invite?token=${encodeURIComponent(inviteToken)}`, { replace: true });
            }
            return;
          }
          // Another address: the token stays stored for the first sign-in,
          // and the flag lets the guards wait for the membership instead of
          // offering to create a choir.
          if (inviteToken) markRegisteredWithInvite();
          // 5. The user confirms the address, then signs in.
          notify.success(registrationStartedMessage(email), { autoClose: REGISTRATION_TOAST_MS });
          void navigate('/login', { state: { email } });
        },
        onError: (err) => {
          if (showFormErrors(form, err)) return;
          if (err instanceof HttpError) {
            setFailure(errorCode(err) === 'ACCOUNT_EXISTS' ? err.body?.message || PASSWORD_ACCOUNT_MESSAGE : err.body?.message || REGISTRATION_FAILED);
          } else {
            setFailure(UNEXPECTED_ERROR);
          }
        },
      });
    } catch {
      // Shown by onError.
    }
  };

  return (
    <AuthCard title="Create Your Account" description="Join Cantica and bring your choir together">
      {inviteToken && (
        <Alert
          role="status"
          color="blue"
          variant="light"
          icon={<IconMailHeart aria-hidden />}
          title="You've been invited!"
        >
          You were invited to join a choir. Create your account to accept the invitation.
        </Alert>
      )}
      <SocialLogin />
      <form noValidate onSubmit={form.onSubmit(create, attempted)} aria-label="Create your account">
        <Stack gap="md">
          {failure && (
            <ErrorAlert title={REGISTRATION_FAILED}>
              {failure}
            </ErrorAlert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Stack gap="xs">
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordChecklist password={form.getValues().password} />
          </Stack>
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <TextInput
            label="Phone number"
            description="Optional"
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('phoneNumber')}
          />
          <SubmitButton busy={busy} busyLabel="Creating account...">
            Create Account
          </SubmitButton>
        </Stack>
      </form>
      <Group justify="center" gap={4}>
        <Text size="sm">Already have an account?</Text>
        <Anchor component={Link} to="/login" size="sm" c={linkColor}>
          Sign in
        </Anchor>
      </Group>
    </AuthCard>
  );
}
