import { Center, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** Stripe's pricing table script; the server's CSP allows it only when billing is on. */
export const PRICING_TABLE_SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';

export type PricingTableState = 'loading' | 'loaded' | 'failed';

// One load per page: every table shares the script, and a failed load is not retried until the page reloads.
let scriptLoad: Promise<void> | undefined;

function loadPricingTableScript(): Promise<void> {
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PRICING_TABLE_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${PRICING_TABLE_SCRIPT}`));
    document.head.appendChild(script);
  });
  return scriptLoad;
}

/** forgetPricingTableScript lets a test load the script afresh. */
export function forgetPricingTableScript() {
  scriptLoad = undefined;
  document.head.querySelectorAll(`script[src="${PRICING_TABLE_SCRIPT}"]`).forEach((s) => s.remove());
}

interface Props {
  pricingTableId: string;
  publishableKey: string;
  /** Fills the email field of Stripe's checkout. */
  customerEmail?: string;
  /** Stripe's client_reference_id of the checkout: the choir it pays for, whose webhook event attaches it. */
  clientReferenceId?: string;
  /** Told when the script has loaded or failed, so that the page can show its own plan cards. */
  onStateChange?: (state: PricingTableState) => void;
}

/**
 * StripePricingTable is the payment provider's hosted pricing table (accounts §7).
 * A loading indicator shows while its script loads; when the script fails, the
 * indicator goes, a warning is logged and nothing is drawn, so the page's own
 * plan cards are what the visitor sees (accounts §8).
 */
export function StripePricingTable({ pricingTableId, publishableKey, customerEmail, clientReferenceId, onStateChange }: Props) {
  const [state, setState] = useState<PricingTableState>('loading');
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    loadPricingTableScript().then(
      () => live && setState('loaded'),
      (err: unknown) => {
        console.warn('The payment provider’s pricing table could not be loaded; the plan cards remain.', err);
        if (live) setState('failed');
      },
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => onStateChange?.(state), [state, onStateChange]);

  useEffect(() => {
    if (state !== 'loaded' || !host.current) return;
    // A custom element of Stripe's script, made here rather than in JSX, which does not know it.
    const table = document.createElement('stripe-pricing-table');
    table.setAttribute('pricing-table-id', pricingTableId);
    table.setAttribute('publishable-key', publishableKey);
    if (customerEmail) table.setAttribute('customer-email', customerEmail);
    if (clientReferenceId) table.setAttribute('client-reference-id', clientReferenceId);
    host.current.replaceChildren(table);
  }, [state, pricingTableId, publishableKey, customerEmail, clientReferenceId]);

  if (state === 'failed') return null;
  return (
    <div ref={host} data-testid="stripe-pricing-table">
      {state === 'loading' && (
        <Center py="xl">
          <Loader role="status" aria-label="Loading the pricing table" />
        </Center>
      )}
    </div>
  );
}
