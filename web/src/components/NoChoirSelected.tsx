import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { linkColor } from '../app/theme';

/** NoChoirSelected stands in for a choir page when no choir is chosen yet. */
export function NoChoirSelected() {
  return (
    <Text>
      No choir is selected.{' '}
      <Anchor component={Link} to="/select-choir" c={linkColor}>
        Select a choir
      </Anchor>
    </Text>
  );
}
