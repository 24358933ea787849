export { OfflineNotice } from './OfflineNotice';
export { ServiceWorkerSetup } from './ServiceWorkerSetup';
export { InstallHint } from './InstallHint';
export { clearOfflineData } from './clear';
