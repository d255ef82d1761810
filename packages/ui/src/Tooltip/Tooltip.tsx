'use client';

import * as RadixTooltip from '@radix-ui/react-tooltip';
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import { styled } from 'styled-components';

/** Spec: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Whether a `TooltipProvider` is above: a Tooltip without one brings its own. */
const SharedProvider = createContext(false);

/**
 * Shares the open/skip delays between every tooltip below it, so moving from one
 * trigger to the next within 300 ms opens at once. Optional: put it once near the
 * root of an app that shows several tooltips; a lone `Tooltip` works without it.
 */
export function TooltipProvider({ children }: { children?: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <SharedProvider.Provider value>{children}</SharedProvider.Provider>
    </RadixTooltip.Provider>
  );
}

const Content = styled(RadixTooltip.Content)`
  z-index: 60;
  max-width: 280px;
  padding: var(--space-1) var(--space-2);
  border-radius: var(--radius-sm);
  background: var(--color-fg);
  color: var(--color-bg);
  font-size: var(--font-size-xs);
  line-height: 1.4;
  box-shadow: var(--shadow-md);
`;

const Arrow = styled(RadixTooltip.Arrow)`
  fill: var(--color-fg);
`;

export interface TooltipProps {
  /** What the tooltip says. */
  content: ReactNode;
  /** The trigger: one focusable element (a button, link…). */
  children: ReactElement;
  /** Side of the trigger the tooltip opens on. */
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Controlled open state (mostly for stories and tests). */
  open?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the tooltip opens or closes. */
  onOpenChange?: (open: boolean) => void;
}

/** A hover/focus tooltip; uses the `TooltipProvider` above it, or its own when there is none. */
export function Tooltip({ content, children, side = 'top', open, defaultOpen, onOpenChange }: TooltipProps) {
  const shared = useContext(SharedProvider);
  const tooltip = (
    <RadixTooltip.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <Content side={side} sideOffset={6}>
          {content}
          <Arrow />
        </Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return shared ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
