export function DesktopPlanPage() {
  return null;
}
