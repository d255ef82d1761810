'use client';

import * as RadixTabs from '@radix-ui/react-tabs';
import { styled } from 'styled-components';
import { focusRing } from '../internal/styles.js';

/** Root: `value`/`defaultValue`/`onValueChange` as in Radix Tabs. */
export const Tabs = styled(RadixTabs.Root)`
  display: flex;
  flex-direction: column;
  gap: var(--space-4);
`;

export const TabsList = styled(RadixTabs.List)`
  display: inline-flex;
  align-self: flex-start;
  flex-wrap: wrap;
  gap: var(--space-1);
  padding: var(--space-1);
  border-radius: var(--radius-md);
  background: var(--color-surface-muted);
`;

export const TabsTrigger = styled(RadixTabs.Trigger)`
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
  min-height: 30px;
  padding: 0 var(--space-3);
  border: none;
  border-radius: var(--radius-sm);
  background: transparent;
  color: var(--color-fg-muted);
  font: inherit;
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-medium);
  cursor: pointer;

  &:hover {
    color: var(--color-fg);
  }
  &[data-state='active'] {
    background: var(--color-surface);
    color: var(--color-fg);
    box-shadow: var(--shadow-sm);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  ${focusRing}
`;

export const TabsContent = styled(RadixTabs.Content)`
  ${focusRing}
`;
