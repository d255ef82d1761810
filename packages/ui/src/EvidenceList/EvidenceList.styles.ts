import { styled } from 'styled-components';

export const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  min-width: 0;
`;

export const Title = styled.p`
  margin: 0;
  color: var(--color-fg-muted);
  font-size: var(--font-size-xs);
  font-weight: var(--font-weight-semibold);
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

export const Items = styled.ul`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Item = styled.li`
  padding: var(--space-2) var(--space-3);
  border-left: 3px solid var(--color-border-strong);
  border-radius: var(--radius-sm);
  background: var(--color-surface-muted);
  font-size: var(--font-size-sm);
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: 4.5rem minmax(0, 1fr);
  gap: 2px var(--space-3);
  margin: 0;

  dt {
    color: var(--color-fg-muted);
  }
  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

export const Code = styled.code`
  font-family: var(--font-mono);
  font-size: 0.95em;
`;

export const Detail = styled.p`
  margin: var(--space-1) 0 0;
  color: var(--color-fg-muted);
`;
