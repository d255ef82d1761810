'use client';

import { styled, keyframes } from 'styled-components';

const pulse = keyframes`50% { opacity: 0.5; }`;

const Block = styled.span<{ $width: string; $height: string; $radius: string }>`
  display: block;
  width: ${(p) => p.$width};
  height: ${(p) => p.$height};
  border-radius: ${(p) => p.$radius};
  background: var(--color-skeleton);
  animation: ${pulse} 1.6s ease-in-out infinite;
`;

export interface SkeletonProps {
  /** CSS width (number = px). Default 100%. */
  width?: number | string;
  /** CSS height (number = px). Default 16px. */
  height?: number | string;
  /** `circle` for avatars/dots. */
  shape?: 'rect' | 'circle';
  /** Extra class, for positioning inside a layout. */
  className?: string;
}

const css = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

/** A pulsing placeholder block; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = 16, shape = 'rect', className }: SkeletonProps) {
  return (
    <Block
      aria-hidden="true"
      data-skeleton=""
      className={className}
      $width={css(width)}
      $height={css(height)}
      $radius={shape === 'circle' ? 'var(--radius-full)' : 'var(--radius-sm)'}
    />
  );
}
