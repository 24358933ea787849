import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '../test/render';
import { CARRIED_TOASTS_KEY, carryToasts, showCarriedToasts } from './carriedToasts';
import { notify } from './notify';

const shown = () => [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue];

describe('carried toasts', () => {
  beforeEach(() => {
    sessionStorage.clear();
    resetToasts();
  });
  afterEach(resetToasts);

  it('keeps the text toasts on screen for the next page load, which shows them once', () => {
    notify.success('Welcome back!');
    notify.warning('Your trial ends in 3 days', { title: 'Trial' });
    notify.loading('Saving changes...');
    carryToasts();
    resetToasts();

    showCarriedToasts();
    expect(shown()).toMatchObject([
      { message: 'Welcome back!', color: 'green', autoClose: 5000 },
      { message: 'Your trial ends in 3 days', title: 'Trial', color: 'yellow', autoClose: 6000 },
    ]);
    expect(shown()).toHaveLength(2);
    expect(sessionStorage.getItem(CARRIED_TOASTS_KEY)).toBeNull();

    resetToasts();
    showCarriedToasts();
    expect(shown()).toHaveLength(0);
  });

  it('keeps nothing when no toast shows, and ignores what it cannot read', () => {
    carryToasts();
    expect(sessionStorage.getItem(CARRIED_TOASTS_KEY)).toBeNull();

    sessionStorage.setItem(CARRIED_TOASTS_KEY, '{not json');
    showCarriedToasts();
    sessionStorage.setItem(CARRIED_TOASTS_KEY, JSON.stringify([{ message: 42 }, null, { message: 'Kept' }]));
    showCarriedToasts();
    expect(shown()).toMatchObject([{ message: 'Kept' }]);
    expect(shown()).toHaveLength(1);
    notifications.clean();
  });
});
