import { Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { takeAskedBeforeWorker } from '../../api/client';
import { afterFirstPaint } from '../afterFirstPaint';
import { notify } from '../notify';
import { linkManifest, listenForInstallOffer } from './install';
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
  useEffect(() => {
    listenForInstallOffer();
    return afterFirstPaint(() => {
      linkManifest();
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
          onFirstControl: () => void askAgainInTurn(takeAskedBeforeWorker()),
        }),
      );
    });
  }, []);
  return null;
}

/**
 * askAgainInTurn asks the API's reads again, one at a time, through the
 * worker, which keeps their answers for offline use. Plain requests, not the
 * queries': their answers are the page's already, and going through the
 * query cache re-rendered the page with each of them while a phone was still
 * busy with its first visit.
 */
export async function askAgainInTurn(urls: string[], fetchOne: (url: string) => Promise<Response> = (url) => fetch(url, { credentials: 'same-origin' })) {
  for (const url of urls) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    try {
      // Read to its end: the worker keeps the answer once it has come whole.
      await (await fetchOne(url)).arrayBuffer();
    } catch {
      // Offline again, or refused: the next visit through the worker keeps it.
    }
  }
}
