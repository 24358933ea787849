const mobileBreakpoint = 768;
const mobileAgent = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** planMusicVersion picks the planning screen for a device (calendar document §2). */
export function planMusicVersion(width: number, userAgent: string): 'plan-music-v2' | 'plan-music-v3' {
  return width < mobileBreakpoint || mobileAgent.test(userAgent) ? 'plan-music-v2' : 'plan-music-v3';
}
