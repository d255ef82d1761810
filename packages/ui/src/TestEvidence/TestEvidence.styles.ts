import { styled } from 'styled-components';

export const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: var(--space-3);
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Exchange = styled.li`
  min-width: 0;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface);
`;

export const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-2);
  margin: 0;
  padding: var(--space-2) var(--space-3);
  border-bottom: 1px solid var(--color-border);
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-semibold);
`;

export const Part = styled.div`
  padding: var(--space-2) var(--space-3);
  & + & {
    border-top: 1px dashed var(--color-border);
  }
`;

export const PartTitle = styled.div`
  margin: 0 0 var(--space-1);
  color: var(--color-fg-muted);
  font-size: var(--font-size-xs);
  font-weight: var(--font-weight-semibold);
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

export const Code = styled.pre`
  margin: 0;
  max-height: 240px;
  overflow: auto;
  padding: var(--space-2);
  border-radius: var(--radius-sm);
  background: var(--color-surface-muted);
  color: var(--color-fg);
  font-family: var(--font-mono);
  font-size: var(--font-size-xs);
  line-height: 1.5;
  white-space: pre-wrap;
  overflow-wrap: anywhere;

  &:focus-visible {
    outline: 2px solid var(--color-focus-ring);
    outline-offset: 1px;
  }
`;

export const CurlRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: var(--space-2);

  & > pre {
    flex: 1;
    min-width: 0;
  }
`;
