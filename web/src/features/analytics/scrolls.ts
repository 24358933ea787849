// A table wider than a phone scrolls sideways; its scrolling area takes the
// keyboard focus so that it can be scrolled without a pointer (axe-core's
// scrollable-region-focusable).
export const SCROLLS = { viewportProps: { tabIndex: 0 } };
