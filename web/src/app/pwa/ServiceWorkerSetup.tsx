import { Button, Group, Text } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterFirstPaint } from '../afterFirstPaint';
import { notify } from '../notify';
import { listenForInstallOffer } from './install';
import { purgeExpiredMusic } from './keptMusic';

export const NEW_VERSION_MESSAGE = 'A new version is available';
export const RELOAD_LABEL = 'Reload';
const NEW_VERSION_TOAST = 'new-version';

/**
 * ServiceWorkerSetup registers the service worker from the signed-in app,
 * after its first page has painted (issue 31), and shows "A new version is
 * available — Reload" when a new build's worker waits. Rendered by the shell.
 */
export function ServiceWorkerSetup() {
  const queryClient = useQueryClient();
  useEffect(() => {
    listenForInstallOffer();
    return afterFirstPaint(() => {
      // Music made available offline goes 30 days after its last event (keptMusic.ts).
      void purgeExpiredMusic();
      void import('./register').then(({ startServiceWorker }) =>
        startServiceWorker({
          onNewVersion: (reload) =>
            notify.info(
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">{NEW_VERSION_MESSAGE} —</Text>
                <Button size="compact-sm" variant="light" onClick={reload}>
                  {RELOAD_LABEL}
                </Button>
              </Group>,
              { id: NEW_VERSION_TOAST, autoClose: false },
            ),
          // What the page loaded before the worker was there is asked again through it, so it is kept.
          onFirstControl: () => void refetchInTurn(queryClient),
        }),
      );
    });
  }, [queryClient]);
  return null;
}

/**
 * refetchInTurn asks every cached query again, one per task: all at once, the
 * requests' start and the renders their answers cause held a phone's
 * processor for a block of a first visit.
 */
export async function refetchInTurn(queryClient: QueryClient) {
  for (const query of queryClient.getQueryCache().getAll()) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true });
  }
}
