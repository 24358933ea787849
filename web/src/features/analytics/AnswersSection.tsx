import { Stack, Text, Title } from '@mantine/core';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { type AnalyticsAnswers, csvUrl, type Filters, useAnswers } from './api';
import { DataTable } from './DataTable';
import { duration, pct } from './format';

/** answerRows is the members table as rows of text, the same as the CSV the server writes. */
export function answerRows(a: AnalyticsAnswers) {
  return a.members.map((m) => [
    m.name,
    m.voiceParts.join(', '),
    String(m.asked),
    String(m.answered),
    pct(m.responseRate),
    String(m.yesMarked),
    String(m.yesAbsent),
    pct(m.yesNoShowRate),
    String(m.noMarked),
    String(m.noPresent),
    pct(m.noCameRate),
  ]);
}

const header = [
  'Member',
  'Voice parts',
  'Events',
  'Answered',
  'Response rate',
  'Said yes, attendance taken',
  'Said yes, absent',
  'Said yes and did not come',
  'Said no, attendance taken',
  'Said no, present',
  'Said no and came',
];

/** AnswersSection: who answers, how fast, and who says yes and does not come. */
export function AnswersSection({ choirId, filters }: { choirId: string; filters: Filters }) {
  const q = useAnswers(choirId, filters, true);
  return (
    <Stack gap="md" component="section" aria-labelledby="analytics-answers">
      <Title order={2} id="analytics-answers">
        Answers
      </Title>
      {q.isPending && <SectionLoading label="Loading answers" />}
      {q.isError && <SectionError title="Answers could not be loaded" error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && (
        <>
          <Text>
            Response rate: <strong>{pct(q.data.responseRate)}</strong> ({q.data.answered} answers of {q.data.asked} asked, over{' '}
            {q.data.events} events).
          </Text>
          <Text>
            {q.data.medianSeconds === undefined ? (
              'Median time to answer: not known yet (no answer to an RSVP email on record in this period).'
            ) : (
              <>
                Median time to answer: <strong>{duration(q.data.medianSeconds)}</strong> after the RSVP email (over {q.data.timedAnswers}{' '}
                answers; emails are kept on record for 30 days).
              </>
            )}
          </Text>
          <DataTable
            title="Answers by member"
            csv={csvUrl(choirId, 'answers', 'members', filters)}
            header={header}
            rows={answerRows(q.data)}
            rowKey={(i) => q.data.members[i].userId}
            empty="No members match these filters."
            note={
              <Text size="sm" c="dimmed" mb={4}>
                “Said yes and did not come”: marked absent at events they said yes to. “Said no and came”: marked present at events they
                said no to. Both out of events where attendance was taken.
              </Text>
            }
          />
        </>
      )}
    </Stack>
  );
}
