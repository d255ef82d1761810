import { TopBar, type TopBarProps } from '@argus/ui';
import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { UserMenu } from './UserMenu.js';

/** The element the shell reserves above the page content for the page's top bar. */
export const TopBarSlotContext = createContext<HTMLElement | null | undefined>(undefined);

/**
 * A page's top bar (title, search, refresh, primary action), rendered into the
 * shell's top-bar slot so it sits full-width above the content. The signed-in
 * user's menu is always appended on the right.
 */
export function PageHeader({ primaryAction, ...props }: TopBarProps) {
  const slot = useContext(TopBarSlotContext);
  const bar = (
    <TopBar
      {...props}
      primaryAction={
        <>
          {primaryAction}
          <UserMenu />
        </>
      }
    />
  );
  // Outside the shell (e.g. a lone page in a test) the bar renders in place.
  if (slot === undefined) return bar;
  return slot ? createPortal(bar, slot) : null;
}

export function TopBarSlot({ onSlot }: { onSlot: (element: HTMLElement | null) => void }): ReactNode {
  return <div ref={onSlot} data-testid="top-bar-slot" />;
}
