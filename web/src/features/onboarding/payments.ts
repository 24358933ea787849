// Whether a card payment provider (its hosted pricing table and checkout) is
// configured. Not on this server yet: a later issue adds the provider and
// flips this flag. Until then the plan step records the plan and goes on.
export const paymentsEnabled = false;
