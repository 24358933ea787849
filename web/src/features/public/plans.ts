// The subscription plans, fixed in the client (accounts spec §3, figures from §9).
// The landing page's pricing section and the onboarding plan step both read them.

export type PlanId = 'small' | 'medium' | 'large';

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  /** Most members a choir on this plan may have. */
  memberLimit: number;
  /** Storage for scores and recordings, as shown to users. */
  storageLimit: string;
  /** US dollars per month. */
  monthlyPrice: number;
  features: string[];
  recommended: boolean;
}

export const plans: readonly Plan[] = [
  {
    id: 'small',
    name: 'Small Choir',
    description: 'For scholas and small ensembles getting organised.',
    memberLimit: 15,
    storageLimit: '500MB',
    monthlyPrice: 12,
    features: [
      'Up to 15 members',
      '500MB storage',
      'Unlimited music pieces',
      'Basic practice scheduling',
      'Email support',
    ],
    recommended: false,
  },
  {
    id: 'medium',
    name: 'Medium Choir',
    description: 'For parish and community choirs that rehearse every week.',
    memberLimit: 30,
    storageLimit: '1GB',
    monthlyPrice: 19,
    features: [
      'Up to 30 members',
      '1GB storage',
      'Unlimited music pieces',
      'Advanced practice scheduling',
      'Priority email support',
    ],
    recommended: true,
  },
  {
    id: 'large',
    name: 'Large Choir',
    description: 'For large choirs and music programmes with several sections.',
    memberLimit: 50,
    storageLimit: '2GB',
    monthlyPrice: 29,
    features: [
      'Up to 50 members',
      '2GB storage',
      'Unlimited music pieces',
      'Advanced practice scheduling',
      'Advanced analytics',
      'Phone support',
    ],
    recommended: false,
  },
];

/** getPlan returns the plan with the given id, or undefined for an unknown id. */
export function getPlan(id: string): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}
