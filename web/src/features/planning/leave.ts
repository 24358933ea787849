/** The leave question of calendar §2 for a plan (see components/useLeaveQuestion). */
export const LEAVE_QUESTION =
  'You have unsaved changes to this plan. Are you sure you want to leave? Your changes will be lost.';
