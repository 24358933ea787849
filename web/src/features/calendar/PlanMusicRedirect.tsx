import { Navigate, useLocation, useParams } from 'react-router';
import { planMusicVersion } from './planMusic';

export function PlanMusicRedirect() {
  const { date = '' } = useParams();
  const { search } = useLocation();
  const version = planMusicVersion(window.innerWidth, navigator.userAgent);
  return <Navigate to={`/dashboard/calendar/${version}/${encodeURIComponent(date)}${search}`} replace />;
}
