import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { standingQueryKey } from '../../app/billing';

export type ChoirStanding = components['schemas']['ChoirStanding'];

/** Where an administrator chooses a plan (the "Plan and billing" section). */
export const PLAN_URL = '/dashboard/settings/choir#plan';

/** The seats warning shows from this many seats before the plan's limit. */
export const SEATS_WARNING = 2;

/** useChoirStanding is where a choir stands with its plan (the banners, /pricing). */
export function useChoirStanding(choirId: string | null) {
  return useQuery({ ...choirStandingQuery(choirId ?? ''), enabled: choirId !== null });
}

/** The standing's query; shared by the hook and the first page's warm-up (the banners are above every page). */
export const choirStandingQuery = (choirId: string) =>
  queryOptions({
    queryKey: standingQueryKey(choirId),
    queryFn: async () => unwrap(await api.GET('/choirs/{choirId}/billing/standing', { params: { path: { choirId } } })),
  });

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const seats = (n: number) => (n === 1 ? '1 seat' : `${n} seats`);

function PlanLink({ children }: { children: string }) {
  return (
    <Anchor component={Link} to={PLAN_URL} c="inherit" underline="always" fw={600}>
      {children}
    </Anchor>
  );
}

/**
 * StandingBanners are the billing banners above every page of a choir: the
 * trial's days left, a failed payment and the seats nearly used (for those
 * who manage the choir, who alone get the plan's figures), and read-only
 * (for everyone). With billing off, or a choir free of charge, nothing.
 */
export function StandingBanners({ choirId }: { choirId: string | null }) {
  const { data } = useChoirStanding(choirId);
  if (data?.enabled !== true) return null;
  const manages = data.planUrl !== undefined;
  const banners = [];
  if (data.standing === 'read_only') {
    banners.push(
      <Alert key="read-only" color="red" variant="light" title="This choir is read-only">
        <Text size="sm">
          {manages ? (
            <>
              The free trial has ended without a plan. Everything can still be seen and exported, but changes are
              refused until you <PlanLink>choose a plan</PlanLink>.
            </>
          ) : (
            'Everything can still be seen and exported, but changes are refused until an administrator of the choir chooses a plan.'
          )}
        </Text>
      </Alert>,
    );
  }
  if (manages && data.standing === 'past_due') {
    banners.push(
      <Alert key="past-due" color="orange" variant="light" title="A payment failed">
        <Text size="sm">
          The last payment for this choir did not go through. Please <PlanLink>update the payment details</PlanLink>{' '}
          so the choir does not become read-only.
        </Text>
      </Alert>,
    );
  }
  if (manages && data.standing === 'trial' && data.trialDaysLeft !== undefined) {
    banners.push(
      <Alert key="trial" color="blue" variant="light" title={`Free trial: ${days(data.trialDaysLeft)} left`}>
        <Text size="sm">
          {`This choir is trying the ${data.planName ?? ''} plan free of charge. `}
          <PlanLink>Choose a plan</PlanLink> to keep making changes after the trial.
        </Text>
      </Alert>,
    );
  }
  const { members, memberLimit } = data;
  if (manages && members !== undefined && memberLimit !== undefined && members >= memberLimit - SEATS_WARNING) {
    const full = members >= memberLimit;
    banners.push(
      <Alert
        key="seats"
        color="yellow"
        variant="light"
        title={full ? 'The member limit is reached' : `${seats(memberLimit - members)} left`}
      >
        <Text size="sm">
          {`${members} of ${memberLimit} members on the ${data.planName ?? ''} plan, counting pending invitations. `}
          {full ? 'New invitations are refused: ' : 'For more, '}
          <PlanLink>choose a larger plan</PlanLink>.
        </Text>
      </Alert>,
    );
  }
  if (banners.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" aria-label="Plan and billing notices" role="region">
      {banners}
    </Stack>
  );
}
