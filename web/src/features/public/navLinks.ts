// The landing page's navigation, in its header and in its menu on narrow screens.
export const navLinks = [
  { label: 'Features', to: '/#features' },
  { label: 'Pricing', to: '/#pricing' },
  { label: 'About', to: '/about' },
];
