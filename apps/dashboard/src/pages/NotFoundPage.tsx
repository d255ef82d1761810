import { Button, EmptyState } from '@argus/ui';
import { Compass } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../shell/PageHeader.js';

export default function NotFoundPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title="Page Not Found" />
      <EmptyState
        icon={<Compass size={32} />}
        title="Page Not Found"
        description={`There is no page at ${pathname}.`}
        action={<Button onClick={() => navigate('/')}>Back to Dashboard</Button>}
      />
    </>
  );
}
