import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useChoir } from '../../app/choir';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { PageHeader } from '../../components/PageHeader';
import { SectionLoading } from '../../components/SectionState';
import { PracticeSection } from './PracticeSection';
import { ReadinessSection } from './ReadinessSection';

/**
 * AnalyticsPage (/dashboard/analytics): a minimal page with the readiness
 * and practice sections over the default period (last 90 days). The full
 * page, with the period and filter bar and the other sections, replaces it.
 */
export function AnalyticsPage() {
  const { currentChoir, loading } = useChoir();
  if (loading) return <SectionLoading label="Loading the analytics" />;
  if (!currentChoir) return <NoChoirSelected />;
  return (
    <Stack gap="xl" maw={1100} key={currentChoir.id}>
      <PageHeader
        title="Analytics"
        actions={
          <Anchor component={Link} to="/dashboard/analytics/me">
            My year
          </Anchor>
        }
      />
      <ReadinessSection choirId={currentChoir.id} />
      <PracticeSection choirId={currentChoir.id} filters={{ period: 'last90' }} />
    </Stack>
  );
}
