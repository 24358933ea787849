// The music planned for an emailed event, as the RSVP and event pages show
// it: the notes for singers and the pieces in order, each with 'Practise'
// when it has a score or a recording. Practising never needs a new secret:
// a member signed in to the choir goes straight to the studio; anyone else
// uses the practice link the email carried (in the link's fragment).
import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { storeActiveChoirId } from '../../app/choir';
import { sessionQuery } from '../../app/session';
import type { LinkPlan } from './api';

/**
 * practiceSecrets reads the practice links an email put in a link's
 * fragment ('#…practice=<musicId>.<secret>,…'), by piece. Read from the raw
 * fragment, so that an id's escapes cannot split it.
 */
export function practiceSecrets(hash: string): Map<string, string> {
  const out = new Map<string, string>();
  const param = hash
    .replace(/^#/, '')
    .split('&')
    .find((p) => p.startsWith('practice='));
  if (!param) return out;
  for (const pair of param.slice('practice='.length).split(',')) {
    const dot = pair.lastIndexOf('.');
    if (dot <= 0) continue;
    try {
      out.set(decodeURIComponent(pair.slice(0, dot).replace(/\+/g, ' ')), pair.slice(dot + 1));
    } catch {
      // A mangled id: that piece is practised after signing in.
    }
  }
  return out;
}

export const studioPath = (musicId: string) => `/dashboard/music/${encodeURIComponent(musicId)}?practice=true`;

/** useIsMemberOf says whether the visitor is signed in and an active member of the choir. */
function useIsMemberOf(choirId: string): boolean {
  const session = useQuery(sessionQuery);
  return !!session.data?.user && (session.data.choirs ?? []).some((m) => m.choir.id === choirId);
}

export function LinkPlanSection({ plan, choirId, secrets }: { plan: LinkPlan; choirId: string; secrets: Map<string, string> }) {
  const member = useIsMemberOf(choirId);
  const practise = (musicId: string) => {
    if (member) return studioPath(musicId);
    const secret = secrets.get(musicId);
    if (secret) return `/email/practice/${encodeURIComponent(secret)}`;
    return `/auth/signin?returnUrl=${encodeURIComponent(studioPath(musicId))}`;
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="link-plan-title">
      <Title order={2} size="h4" id="link-plan-title">
        {plan.title ? `The music: ${plan.title}` : 'The music'}
      </Title>
      {plan.notes && (
        <Box>
          <Text size="sm" c="dimmed">
            Notes for singers
          </Text>
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{plan.notes}</Text>
        </Box>
      )}
      {plan.pieces.length > 0 && (
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Pieces">
          {plan.pieces.map((piece, i) => (
            <Box component="li" key={`${i}-${piece.musicId}`}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
                <Box style={{ minWidth: 0 }}>
                  {piece.label && (
                    <Text size="sm" c="dimmed">
                      {piece.label}
                    </Text>
                  )}
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {piece.title}
                  </Text>
                  {piece.composer && <Text size="sm">{piece.composer}</Text>}
                  {piece.note && (
                    <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                      {piece.note}
                    </Text>
                  )}
                </Box>
                {piece.practisable && (
                  <Button
                    component={Link}
                    to={practise(piece.musicId)}
                    onClick={() => {
                      if (member) storeActiveChoirId(choirId);
                    }}
                    variant="default"
                    miw={44}
                    mih={44}
                    aria-label={`Practise ${piece.title}`}
                    style={{ flexShrink: 0 }}
                  >
                    Practise
                  </Button>
                )}
              </Group>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
