// Mantine's stock light-scheme shades (anchor blue-6, dimmed gray-6, white text on
// a filled blue-6 button) fall below the WCAG AA ratio of 4.5:1, which axe reports as
// serious. These values follow the theme's primary colour but pick shades that pass
// in both schemes. They must stay free of dots: Mantine would read "a.b" as a theme
// colour and shade.

/** Link text: dark shade on the light body, pale shade on the dark body. */
export const linkColor = 'light-dark(var(--mantine-primary-color-8), var(--mantine-primary-color-3))';

/** Secondary text that still reads clearly on the plain body or card background. */
export const mutedColor = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))';

/** Background of filled buttons that carry white text. */
export const buttonColor = 'var(--mantine-primary-color-8)';
