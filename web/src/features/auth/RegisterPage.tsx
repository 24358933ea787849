import { Alert, Anchor, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconMailHeart } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { fieldErrors, HttpError } from '../../api/client';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { linkColor } from '../../app/theme';
import { ErrorAlert } from '../../components/ErrorAlert';
import { markRegisteredWithInvite, rememberPendingInvite } from '../invitations';
import {
  checkProvider,
  errorCode,
  PASSWORD_ACCOUNT_MESSAGE,
  registerAccount,
  socialAccountMessage,
} from './authApi';
import { AuthCard, messageLines } from './AuthCard';
import { PasswordChecklist } from './PasswordChecklist';
import { SocialLogin } from './SocialLogin';
import { SubmitButton } from './SubmitButton';
import { hasErrors, validateRegistration, type FormErrors, type RegistrationValues } from './validation';

export const REGISTRATION_FAILED = 'Registration failed';
export const VERIFY_ACCOUNT_FAILED = 'Unable to verify account status. Please try again.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred';
/** The registration success toast lasts 8 s (accounts §9). */
export const REGISTRATION_TOAST_MS = 8000;

export function registrationStartedMessage(email: string): string {
  return `Registration Started: we've sent a confirmation email to ${email}. Check your inbox and spam folder to verify your account before signing in.`;
}

type Field = keyof RegistrationValues;
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'phoneNumber'];

/**
 * RegisterPage is the sign-up screen (/register, accounts §2.7, §4.5, §5),
 * including sign-up from an invitation (query email, firstName, lastName, inviteToken).
 */
export function RegisterPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const inviteToken = params.get('inviteToken')?.trim() || '';

  const [values, setValues] = useState<RegistrationValues>(() => ({
    firstName: params.get('firstName') ?? '',
    lastName: params.get('lastName') ?? '',
    email: params.get('email') ?? '',
    password: '',
    confirmPassword: '',
    phoneNumber: '',
  }));
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  // The invite token is kept for the session as soon as the page opens (§4.5).
  useEffect(() => {
    if (inviteToken) rememberPendingInvite(inviteToken);
  }, [inviteToken]);

  if (user && !busy) return <Navigate to="/dashboard" replace />;

  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    // After a first submit the messages follow the typing; before it they wait.
    if (submitted) setErrors(validateRegistration(next));
    else if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current) return;
    setSubmitted(true);
    setFailure(null);
    const found = validateRegistration(values);
    setErrors(found);
    if (hasErrors(found)) return;

    running.current = true;
    setBusy(true);
    const email = values.email.trim();
    try {
      // 1–2. An address that already has an account stops here.
      let check;
      try {
        check = await checkProvider(email);
      } catch {
        setFailure(VERIFY_ACCOUNT_FAILED);
        return;
      }
      if (check.found) {
        setFailure(check.isOAuth ? socialAccountMessage(check.provider) : PASSWORD_ACCOUNT_MESSAGE);
        return;
      }

      // 3. Register; the server sends the confirmation email.
      const phone = values.phoneNumber.trim();
      await registerAccount({
        email,
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phoneNumber: phone || null,
        inviteToken: inviteToken || null,
      });

      // 4. The server joins the invited choir once the address is confirmed;
      // the token stays stored for the first sign-in, and the flag lets the
      // guards wait for the membership instead of offering to create a choir.
      if (inviteToken) markRegisteredWithInvite();
      // 5. Either way the user confirms the address, then signs in.
      notify.success(registrationStartedMessage(email), { autoClose: REGISTRATION_TOAST_MS });
      void navigate('/login', { state: { email } });
    } catch (err) {
      const fields = fieldErrors(err);
      const known: FormErrors<Field> = {};
      for (const field of FIELDS) if (fields[field]) known[field] = fields[field];
      if (hasErrors(known)) {
        setErrors(known);
      } else if (err instanceof HttpError) {
        setFailure(errorCode(err) === 'ACCOUNT_EXISTS' ? err.body?.message || PASSWORD_ACCOUNT_MESSAGE : err.body?.message || REGISTRATION_FAILED);
      } else {
        setFailure(UNEXPECTED_ERROR);
      }
    } finally {
      running.current = false;
      setBusy(false);
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
      <form noValidate onSubmit={onSubmit} aria-label="Create your account">
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
              value={values.firstName}
              onChange={set('firstName')}
              error={messageLines(errors.firstName)}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              value={values.lastName}
              onChange={set('lastName')}
              error={messageLines(errors.lastName)}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set('email')}
            error={messageLines(errors.email)}
          />
          <Stack gap="xs">
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              required
              value={values.password}
              onChange={set('password')}
              error={messageLines(errors.password)}
            />
            <PasswordChecklist password={values.password} />
          </Stack>
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={messageLines(errors.confirmPassword)}
          />
          <TextInput
            label="Phone number"
            description="Optional"
            type="tel"
            autoComplete="tel"
            value={values.phoneNumber}
            onChange={set('phoneNumber')}
            error={messageLines(errors.phoneNumber)}
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
