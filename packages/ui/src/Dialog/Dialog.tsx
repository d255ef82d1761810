'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { Button } from '../Button/Button.js';
import {
  Body,
  CloseX,
  Content,
  Description,
  Footer,
  Header,
  Overlay,
  Title,
  type DialogSize,
} from './Dialog.styles.js';

export interface DialogProps {
  /** Controlled open state. */
  open?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the dialog asks to open or close (trigger, Esc, close buttons). */
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog when clicked (rendered as the Radix trigger). */
  trigger?: ReactElement;
  /** Heading; also the dialog's accessible name. */
  title: ReactNode;
  /** Text under the title; also the dialog's accessible description. */
  description?: ReactNode;
  /** The dialog's body, between the description and the footer. */
  children?: ReactNode;
  /**
   * Footer content (e.g. submit buttons). When `closeButton` is on, a "Close"
   * button is appended after it.
   */
  footer?: ReactNode;
  /** Show a footer "Close" button (label via `closeLabel`). Default false. */
  closeButton?: boolean;
  /** Text of the footer's close button when `closeButton` is set (default "Close"). */
  closeLabel?: string;
  /** Maximum width: sm, md, lg or xl. */
  size?: DialogSize;
}

/**
 * A modal dialog (Radix): focus trap, Esc closes, focus returns to the trigger.
 * The X in the corner is labelled "Close dialog"; `closeButton` adds a footer "Close" button.
 */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  closeButton = false,
  closeLabel = 'Close',
  size = 'md',
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <Overlay />
        <Content $size={size} {...(description ? {} : { 'aria-describedby': undefined })}>
          <Header>
            <Title>{title}</Title>
            {description ? <Description>{description}</Description> : null}
          </Header>
          <Body>{children}</Body>
          {footer || closeButton ? (
            <Footer>
              {footer}
              {closeButton ? (
                <RadixDialog.Close asChild>
                  <Button variant="outline">{closeLabel}</Button>
                </RadixDialog.Close>
              ) : null}
            </Footer>
          ) : null}
          <CloseX aria-label="Close dialog">
            <X size={16} aria-hidden="true" />
          </CloseX>
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wrap any button with this to make it close the surrounding Dialog. */
export const DialogClose = RadixDialog.Close;
