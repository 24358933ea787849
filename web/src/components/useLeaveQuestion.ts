import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export interface LeaveQuestionOptions {
  /** Whether a change of the query string leaves too (a plan's ?event=), not only of the path. */
  search?: boolean;
}

/**
 * useLeaveQuestion asks before leaving a page while it holds unsaved
 * changes: in the app through the router, and the browser's own question
 * when the tab is closed or reloaded. The caller shows its question while
 * `asking`, and calls `stay` or `leave`.
 */
export function useLeaveQuestion(dirty: boolean, { search = false }: LeaveQuestionOptions = {}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || (search && currentLocation.search !== nextLocation.search)),
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
