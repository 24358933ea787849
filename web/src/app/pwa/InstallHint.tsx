import { Menu } from '@mantine/core';
import { IconDeviceMobileDown } from '@tabler/icons-react';
import { notify } from '../notify';
import { isInstalled, isIosSafari, promptInstall, useInstallOffer } from './install';

export const INSTALL_LABEL = 'Install Cantica';
export const IOS_INSTALL_STEPS = 'To install Cantica, tap the Share button, then Add to Home Screen.';

/**
 * InstallHint is the account menu's "Install Cantica": the browser's own
 * install dialog where it offers one (Chromium, Android), Safari's steps on
 * an iPhone or iPad; nothing when the app is installed or cannot be.
 */
export function InstallHint() {
  const offer = useInstallOffer();
  if (isInstalled()) return null;
  const ios = isIosSafari();
  if (!offer && !ios) return null;
  return (
    <Menu.Item
      leftSection={<IconDeviceMobileDown size={16} aria-hidden />}
      onClick={() => (offer ? void promptInstall() : notify.info(IOS_INSTALL_STEPS, { autoClose: 10_000 }))}
    >
      {INSTALL_LABEL}
    </Menu.Item>
  );
}
