'use client';

import { styled } from 'styled-components';
import { focusRing } from '../internal/styles.js';

export const Bar = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  min-width: 0;
`;

export const Fields = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: var(--space-2) var(--space-3);
`;

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  flex: 1 1 160px;
  max-width: 220px;
  min-width: 0;

  /* Long values (domain names) end in an ellipsis instead of running under the chevron. */
  & > button > span:first-child {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  @media (max-width: 639px) {
    max-width: none;
  }
`;

export const Label = styled.label`
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
  font-weight: 500;
`;

export const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-1) var(--space-2);
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: var(--space-1);
  max-width: 100%;
  min-height: 28px;
  padding: 0 var(--space-1) 0 var(--space-2);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-full);
  background: var(--tone-primary-bg);
  color: var(--tone-primary-fg);
  font-size: var(--font-size-sm);
  overflow-wrap: anywhere;
`;

export const ChipRemove = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 22px;
  height: 22px;
  padding: 0;
  border: 0;
  border-radius: var(--radius-full);
  background: transparent;
  color: inherit;
  cursor: pointer;

  &:hover {
    background: var(--color-surface);
  }
  ${focusRing}
`;
