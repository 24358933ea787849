import { useEffect } from 'react';
import { loopEngine } from './loopEngine';
import { playerAction } from './playerKeys';
import { clampRate, type Transport } from './transport';

export const SEEK_STEP_SECONDS = 5;
export const RATE_STEP = 0.05;

/** usePlayerKeys lets the player's keys drive a transport and its loop while mounted. */
export function usePlayerKeys(transport: Transport | null) {
  useEffect(() => {
    if (!transport) return;
    const onKey = (e: KeyboardEvent) => {
      const action = playerAction(e);
      if (!action) return;
      e.preventDefault();
      const loop = loopEngine(transport);
      switch (action) {
        case 'playPause':
          if (transport.isPlaying()) transport.pause();
          else void transport.play().catch(() => {});
          break;
        case 'back5':
          transport.seek(transport.currentTime() - SEEK_STEP_SECONDS);
          break;
        case 'forward5':
          transport.seek(transport.currentTime() + SEEK_STEP_SECONDS);
          break;
        case 'slower':
          transport.setRate(clampRate(transport.rate() - RATE_STEP));
          break;
        case 'faster':
          transport.setRate(clampRate(transport.rate() + RATE_STEP));
          break;
        case 'loopA':
          loop.setA();
          break;
        case 'loopB':
          loop.setB();
          break;
        case 'clearLoop':
          loop.clear();
          break;
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [transport]);
}
