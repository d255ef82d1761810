'use client';

import type { HTMLAttributes, ReactNode } from 'react';
import { styled } from 'styled-components';

const Root = styled.section`
  display: flex;
  flex-direction: column;
  min-width: 0;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  background: var(--color-surface);
  box-shadow: var(--shadow-sm);
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  padding: var(--space-4) var(--space-5);
  border-bottom: 1px solid var(--color-border);
`;

const Titles = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

export const CardTitle = styled.h2`
  margin: 0;
  font-size: var(--font-size-lg);
  font-weight: var(--font-weight-semibold);
  line-height: 1.3;
`;

const Description = styled.p`
  margin: 0;
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-2);
`;

const Body = styled.div<{ $flush: boolean }>`
  padding: ${(p) => (p.$flush ? '0' : 'var(--space-4) var(--space-5)')};
`;

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Heading (an h2 by default; `titleAs` changes the level). */
  title?: ReactNode;
  /** Heading level of the title (default `h2`). */
  titleAs?: 'h2' | 'h3' | 'h4';
  /** One line under the title. */
  description?: ReactNode;
  /** Buttons/filters on the right of the header. */
  actions?: ReactNode;
  /** No body padding (for tables). */
  flush?: boolean;
  /** The card's body. */
  children?: ReactNode;
}

/** A surface with an optional header (title, description, actions). */
export function Card({
  title,
  titleAs = 'h2',
  description,
  actions,
  flush = false,
  children,
  ...rest
}: CardProps) {
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <Root {...rest}>
      {hasHeader ? (
        <Header>
          <Titles>
            {title !== undefined ? <CardTitle as={titleAs}>{title}</CardTitle> : null}
            {description ? <Description>{description}</Description> : null}
          </Titles>
          {actions ? <Actions>{actions}</Actions> : null}
        </Header>
      ) : null}
      <Body $flush={flush}>{children}</Body>
    </Root>
  );
}
