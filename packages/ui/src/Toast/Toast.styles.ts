'use client';

import * as RadixToast from '@radix-ui/react-toast';
import { styled, keyframes } from 'styled-components';
import { focusRing } from '../internal/styles.js';

const slideIn = keyframes`from { transform: translateX(calc(100% + 24px)); } to { transform: translateX(0); }`;
const fadeOut = keyframes`from { opacity: 1; } to { opacity: 0; }`;
const swipeOut = keyframes`from { transform: translateX(var(--radix-toast-swipe-end-x)); } to { transform: translateX(calc(100% + 24px)); }`;

/** Bottom-right on wide screens (max 420 px wide), full width at the top on small screens. */
export const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  top: 0;
  right: 0;
  z-index: 100;
  display: flex;
  flex-direction: column-reverse;
  gap: var(--space-2);
  width: 100%;
  max-height: 100vh;
  margin: 0;
  padding: var(--space-4);
  list-style: none;
  outline: none;

  @media (min-width: 640px) {
    top: auto;
    bottom: 0;
    flex-direction: column;
    max-width: 420px;
  }
`;

export type ToastVariant = 'default' | 'destructive';

export const Root = styled(RadixToast.Root)<{ $variant: ToastVariant }>`
  position: relative;
  display: flex;
  align-items: flex-start;
  gap: var(--space-3);
  width: 100%;
  padding: var(--space-4);
  padding-right: 40px;
  border: 1px solid
    ${(p) => (p.$variant === 'destructive' ? 'var(--color-danger-emphasis)' : 'var(--color-border)')};
  border-radius: var(--radius-lg);
  background: ${(p) => (p.$variant === 'destructive' ? 'var(--color-danger-emphasis)' : 'var(--color-surface)')};
  color: ${(p) => (p.$variant === 'destructive' ? 'var(--color-on-emphasis)' : 'var(--color-fg)')};
  --toast-description-color: ${(p) =>
    p.$variant === 'destructive' ? 'var(--color-on-emphasis)' : 'var(--color-fg-muted)'};
  box-shadow: var(--shadow-lg);

  &[data-state='open'] {
    animation: ${slideIn} var(--duration-normal) ease-out;
  }
  &[data-state='closed'] {
    animation: ${fadeOut} var(--duration-fast) ease-in;
  }
  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }
  &[data-swipe='cancel'] {
    transform: translateX(0);
    transition: transform var(--duration-normal) ease-out;
  }
  &[data-swipe='end'] {
    animation: ${swipeOut} var(--duration-fast) ease-out;
  }
  ${focusRing}
`;

export const Text = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: var(--space-1);
  min-width: 0;
`;

export const Title = styled(RadixToast.Title)`
  font-size: var(--font-size-md);
  font-weight: var(--font-weight-semibold);
`;

export const Description = styled(RadixToast.Description)`
  color: var(--toast-description-color);
  font-size: var(--font-size-sm);
`;

export const Close = styled(RadixToast.Close)`
  position: absolute;
  top: var(--space-2);
  right: var(--space-2);
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 24px;
  padding: 0;
  border: none;
  border-radius: var(--radius-sm);
  background: transparent;
  color: inherit;
  cursor: pointer;
  opacity: 0.8;

  &:hover {
    opacity: 1;
  }
  ${focusRing}
`;
