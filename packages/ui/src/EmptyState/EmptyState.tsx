'use client';

import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { styled } from 'styled-components';

export const StateRoot = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: var(--space-2);
  padding: var(--space-8) var(--space-4);
  color: var(--color-fg-muted);
  text-align: center;
`;

export const StateTitle = styled.p`
  margin: 0;
  color: var(--color-fg);
  font-size: var(--font-size-md);
  font-weight: var(--font-weight-medium);
`;

export const StateText = styled.p`
  margin: 0;
  max-width: 48ch;
  font-size: var(--font-size-sm);
`;

export interface EmptyStateProps {
  /** The message, e.g. "No high-risk endpoints found". */
  title: ReactNode;
  /** What the user can do next. */
  description?: ReactNode;
  /** Illustration icon above the title (decorative). */
  icon?: ReactNode;
  /** A button to get out of the empty state. */
  action?: ReactNode;
}

export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <StateRoot data-testid="empty-state">
      <span aria-hidden="true">{icon ?? <Inbox size={28} />}</span>
      <StateTitle>{title}</StateTitle>
      {description ? <StateText>{description}</StateText> : null}
      {action}
    </StateRoot>
  );
}
