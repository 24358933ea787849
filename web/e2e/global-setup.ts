import { startMailbox } from './support/mailbox';

export default async function globalSetup() {
  return startMailbox();
}
