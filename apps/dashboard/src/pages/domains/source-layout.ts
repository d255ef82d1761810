// Styles the Domains screen's source panels share: a small section heading and a facts list.
import { styled } from 'styled-components';

export const Heading = styled.h3`
  margin: 0;
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-semibold);
`;

/** Label and value pairs, two columns. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 2px var(--space-3);
  margin: 0;
  font-size: var(--font-size-sm);

  dt {
    color: var(--color-fg-muted);
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
