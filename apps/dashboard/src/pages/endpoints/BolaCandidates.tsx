import { errorMessage, type BolaCandidate, type Endpoint } from '@argus/api';
import { useDomains, useSecurityTests, useStartTestRun } from '@argus/api/hooks';
import { Button, Card, useToast } from '@argus/ui';
import { Play } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Mono, Muted, Stack } from '../../shared/layout.js';
import { useAllowed } from '../../shared/roles.js';

const objectText = (c: BolaCandidate) =>
  Object.entries(c.object)
    .map(([parameter, value]) => `${parameter} = ${value}`)
    .join(', ');

/** A run of the object-level authorization tests (API1) on this endpoint alone, then the Security Tests page. */
function TestButton({ endpoint }: { endpoint: Endpoint }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const { data: domains } = useDomains();
  const domainId = domains?.find((d) => d.name === endpoint.domain)?.id ?? null;
  const { data: overview } = useSecurityTests(domainId);
  const start = useStartTestRun(domainId ?? '');
  const testIds = (overview?.tests ?? []).filter((t) => t.owaspCategory.startsWith('API1')).map((t) => t.id);
  async function run() {
    if (!domainId) return;
    try {
      await start.trigger({ testIds, endpointIds: [endpoint.id] });
      toast({ title: 'Security Tests Started', description: 'Results appear here as tests finish.' });
    } catch (error) {
      toast({ title: 'Tests Not Started', description: errorMessage(error), variant: 'destructive' });
    }
    navigate(`/domains/${domainId}/security-tests`);
  }
  return (
    <Button
      icon={<Play size={14} aria-hidden="true" />}
      onClick={() => void run()}
      disabled={!domainId || testIds.length === 0}
      loading={start.isMutating}
      loadingText="Starting..."
    >
      Test With Two Identities
    </Button>
  );
}

/**
 * Objects of this template one principal used after another principal had (from traces'
 * principals or captured tokens' subjects): candidates for broken object-level authorization,
 * with a run of the two-identity tests on this endpoint one click away.
 */
export function BolaCandidates({ endpoint }: { endpoint: Endpoint }) {
  const canRun = useAllowed('analyst');
  const candidates = endpoint.bolaCandidates ?? [];
  if (candidates.length === 0) return null;
  return (
    <Card
      title="BOLA Candidates"
      description="One principal used an object another principal used first: the API may not check who owns it."
      actions={canRun ? <TestButton endpoint={endpoint} /> : null}
    >
      <Stack as="ul" $gap={3} style={{ margin: 0, paddingLeft: 18 }}>
        {candidates.map((c) => (
          <li key={`${objectText(c)} ${c.other}`}>
            <Stack>
              <span>
                <Mono>{c.other}</Mono> sent{' '}
                <Mono>
                  {c.then.method} {c.then.path}
                </Mono>{' '}
                after <Mono>{c.owner}</Mono> sent{' '}
                <Mono>
                  {c.first.method} {c.first.path}
                </Mono>
              </span>
              <Muted>{objectText(c)}</Muted>
            </Stack>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
