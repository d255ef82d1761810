import { errorMessage } from '@argus/api';
import { useLogout, useMe } from '@argus/api/hooks';
import { Badge, IconButton, useToast } from '@argus/ui';
import { LogOut, Moon, Sun } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { useThemeSwitch } from './theme.js';

const Menu = styled.div`
  display: flex;
  align-items: center;
  gap: var(--space-1);
  margin-left: var(--space-2);
  padding-left: var(--space-3);
  border-left: 1px solid var(--color-border);
`;

const Name = styled.span`
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
  white-space: nowrap;
`;

/** Signed-in user, theme switch and the sign-out control. */
export function UserMenu() {
  const { data: me } = useMe();
  const { trigger: logout, isMutating } = useLogout();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { theme, toggle } = useThemeSwitch();
  return (
    <Menu>
      {me ? <Name data-testid="signed-in-user">{me.username}</Name> : null}
      {/* Analysts and viewers see why some actions are missing; an admin's top bar stays as it was. */}
      {me?.role && me.role !== 'admin' ? <Badge data-testid="signed-in-role">{me.role}</Badge> : null}
      <IconButton
        label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
        onClick={toggle}
      >
        {theme === 'dark' ? <Sun size={16} aria-hidden="true" /> : <Moon size={16} aria-hidden="true" />}
      </IconButton>
      {me ? (
        <IconButton
          label="Sign out"
          loading={isMutating}
          onClick={async () => {
            try {
              await logout();
              navigate('/signin', { replace: true });
            } catch (error) {
              toast({ title: 'Sign out failed', description: errorMessage(error), variant: 'destructive' });
            }
          }}
        >
          <LogOut size={16} aria-hidden="true" />
        </IconButton>
      ) : null}
    </Menu>
  );
}
