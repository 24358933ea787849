import { Navigate } from 'react-router';
import { useChoir } from '../../app/choir';
import { RetryAlert } from '../../components/ErrorAlert';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { SectionLoading } from '../../components/SectionState';
import { useNextService } from './api';
import { planMusicPath } from './links';

/**
 * NextServiceRedirect (/dashboard/calendar/plan-music) opens planning at
 * the next service, with that service chosen; the dated route then picks
 * the page for the device.
 */
export function NextServiceRedirect() {
  const { currentChoir, loading } = useChoir();
  if (loading) return <SectionLoading label="Finding the next service" />;
  if (!currentChoir) return <NoChoirSelected />;
  return <ToNextService choirId={currentChoir.id} />;
}

function ToNextService({ choirId }: { choirId: string }) {
  const next = useNextService(choirId);
  if (next.isPending) return <SectionLoading label="Finding the next service" />;
  if (next.isError) return <RetryAlert onRetry={() => void next.refetch()}>The next service could not be found.</RetryAlert>;
  return <Navigate to={planMusicPath(next.data.date, next.data.eventId)} replace />;
}
