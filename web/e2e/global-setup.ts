import { startMailbox } from './support/mailbox';
import { checkServerLog } from './support/serverLog';

export default async function globalSetup() {
  const stopMailbox = await startMailbox();
  // After the last test: no secret the server mailed may be in its log.
  return async () => {
    try {
      await checkServerLog();
    } finally {
      await stopMailbox();
    }
  };
}
