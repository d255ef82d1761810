import { errorMessage } from '@argus/api';
import { useUsers } from '@argus/api/hooks';
import { Button, Dialog } from '@argus/ui';
import { useState } from 'react';
import { styled } from 'styled-components';
import { Muted } from '../../shared/layout.js';

const Users = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
`;

const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: var(--space-2);
  padding: var(--space-2) var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  cursor: pointer;

  &:has(input:checked) {
    border-color: var(--color-accent-emphasis);
    background: var(--tone-primary-bg);
  }
`;

export interface AssignDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  pending: boolean;
  onAssign: (userId: string) => void;
}

/** "Assign Alerts to User": pick one user by username. */
export function AssignDialog({ open, onOpenChange, count, pending, onAssign }: AssignDialogProps) {
  const { data: users, error, isLoading } = useUsers();
  const [userId, setUserId] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Assign Alerts to User"
      description={`${count} alert(s) selected`}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={!userId}
            loading={pending}
            loadingText="Assigning..."
            onClick={() => onAssign(userId)}
          >
            Assign
          </Button>
        </>
      }
    >
      {isLoading ? (
        <Muted>Loading users...</Muted>
      ) : error ? (
        <Muted role="alert">{`Error loading users: ${errorMessage(error)}`}</Muted>
      ) : !users?.length ? (
        <Muted>No users available for assignment</Muted>
      ) : (
        <Users role="radiogroup" aria-label="Users">
          {users.map((u) => (
            <Choice key={u.id}>
              <input
                type="radio"
                name="assignee"
                value={u.id}
                checked={userId === u.id}
                onChange={() => setUserId(u.id)}
              />
              {u.username}
            </Choice>
          ))}
        </Users>
      )}
    </Dialog>
  );
}
