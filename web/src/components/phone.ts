// The specification's mobile width (768 px; Mantine's sm breakpoint, 48em):
// below it a page shows its phone's layout. No React and no imports here: the
// entry's early reads (app/earlyReads.ts) ask by it too.

/** A screen narrower than the specification's mobile width of 768 px. */
export const MOBILE_QUERY = '(max-width: 767px)';

type MatchMedia = (query: string) => MediaQueryList;

/** phoneNow says whether the screen is a phone's now, by the browser's matchMedia or the one given; none says no. */
export function phoneNow(matchMedia: MatchMedia | null | undefined = window.matchMedia?.bind(window)): boolean {
  return !!matchMedia?.(MOBILE_QUERY).matches;
}
