/** recoveryCodesText is the content of the downloaded recovery-codes file. */
export function recoveryCodesText(codes: readonly string[], email?: string, now: Date = new Date()): string {
  return [
    'Cantica recovery codes',
    ...(email ? [`Account: ${email}`] : []),
    `Created: ${now.toISOString().slice(0, 10)}`,
    '',
    'Each code signs you in once if you cannot use your authenticator app.',
    'Keep this file somewhere safe, such as a password manager.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** downloadTextFile saves text as a file through a Blob URL; false where the browser cannot. */
export function downloadTextFile(filename: string, text: string): boolean {
  if (typeof URL.createObjectURL !== 'function') return false;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Let the download start before the URL goes.
    setTimeout(() => {
      if (typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
    }, 1000);
  }
  return true;
}

/** copyText writes to the clipboard where the browser allows it. */
export async function copyText(text: string): Promise<boolean> {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (!clipboard || typeof clipboard.writeText !== 'function') return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
