import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** The leave question of calendar §2 for a plan. */
export const LEAVE_QUESTION =
  'You have unsaved changes to this plan. Are you sure you want to leave? Your changes will be lost.';

/**
 * useLeaveQuestion asks before leaving a plan with unsaved changes: in the
 * app through the router (another date, or another event of the day), and
 * the browser's own question when the tab is closed or reloaded.
 */
export function useLeaveQuestion(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return {
    asking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}
