import { Navigate, useSearchParams } from 'react-router';
import { safeReturnPath } from './useCompleteSignIn';

/** fromOf splits a safe path into the location the access guard would have remembered. */
function fromOf(path: string) {
  const url = new URL(path, window.location.origin);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/**
 * SignInRedirect is /auth/signin?returnUrl=…, where emailed links send a
 * visitor to sign in: the sign-in screen, carrying the return path as the
 * access guard carries state.from, so the sign-in ends back on the link.
 * Only a path of this app is kept (safeReturnPath).
 */
export function SignInRedirect() {
  const [params] = useSearchParams();
  const path = safeReturnPath(params.get('returnUrl'));
  return <Navigate to="/login" replace state={path ? { from: fromOf(path) } : undefined} />;
}
