export function registerPush(self: ServiceWorkerGlobalScope): void { void self; }
