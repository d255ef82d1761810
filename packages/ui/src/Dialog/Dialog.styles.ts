'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import { styled, keyframes } from 'styled-components';
import { focusRing } from '../internal/styles.js';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const popIn = keyframes`from { opacity: 0; transform: translate(-50%, -48%) scale(0.97); } to { opacity: 1; transform: translate(-50%, -50%) scale(1); }`;

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';
const widths: Record<DialogSize, string> = { sm: '420px', md: '540px', lg: '720px', xl: '960px' };

export const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 50;
  background: var(--color-overlay);
  animation: ${fadeIn} var(--duration-normal) ease-out;
`;

export const Content = styled(RadixDialog.Content)<{ $size: DialogSize }>`
  position: fixed;
  top: 50%;
  left: 50%;
  z-index: 51;
  display: flex;
  flex-direction: column;
  width: calc(100vw - 32px);
  max-width: ${(p) => widths[p.$size]};
  max-height: calc(100vh - 48px);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  background: var(--color-surface);
  color: var(--color-fg);
  box-shadow: var(--shadow-lg);
  transform: translate(-50%, -50%);
  animation: ${popIn} var(--duration-normal) ease-out;

  &:focus {
    outline: none;
  }
`;

export const Header = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  padding: var(--space-5) var(--space-6) var(--space-3);
  padding-right: 56px;
`;

export const Title = styled(RadixDialog.Title)`
  margin: 0;
  font-size: var(--font-size-lg);
  font-weight: var(--font-weight-semibold);
  line-height: 1.3;
`;

export const Description = styled(RadixDialog.Description)`
  margin: 0;
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
`;

export const Body = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: var(--space-2) var(--space-6) var(--space-5);
`;

export const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: var(--space-2);
  padding: var(--space-4) var(--space-6);
  border-top: 1px solid var(--color-border);
`;

export const CloseX = styled(RadixDialog.Close)`
  position: absolute;
  top: var(--space-4);
  right: var(--space-4);
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  padding: 0;
  border: none;
  border-radius: var(--radius-sm);
  background: transparent;
  color: var(--color-fg-muted);
  cursor: pointer;

  &:hover {
    background: var(--color-surface-hover);
    color: var(--color-fg);
  }
  ${focusRing}
`;
