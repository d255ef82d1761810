'use client';

export { VisuallyHidden } from '@radix-ui/react-visually-hidden';
