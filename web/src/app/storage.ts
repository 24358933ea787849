// Session storage of the guards and the sign-up, invitation and onboarding
// flows (accounts §3 'Session-storage keys'). Storage can be missing or throw
// (private modes, blocked cookies); the flows then simply forget between pages.

export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Not kept; the flow goes on without it.
  }
}

export function removeSession(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing stored to remove.
  }
}
