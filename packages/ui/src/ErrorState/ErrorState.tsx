'use client';

import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { StateRoot, StateText, StateTitle } from '../EmptyState/EmptyState.js';

const Icon = styled.span`
  color: var(--color-danger-fg);
`;

export interface ErrorStateProps {
  /** E.g. "Error loading alerts: 500: Internal Server Error". */
  title: ReactNode;
  /** What went wrong, in a sentence (the server's message where there is one). */
  description?: ReactNode;
  /** A retry button or similar. */
  action?: ReactNode;
}

/** An error message in place of content (`role="alert"`). */
export function ErrorState({ title, description, action }: ErrorStateProps) {
  return (
    <StateRoot role="alert" data-testid="error-state">
      <Icon aria-hidden="true">
        <AlertCircle size={28} />
      </Icon>
      <StateTitle>{title}</StateTitle>
      {description ? <StateText>{description}</StateText> : null}
      {action}
    </StateRoot>
  );
}
