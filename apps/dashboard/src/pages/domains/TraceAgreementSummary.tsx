// How discovery agrees with the routes a domain's traces declare (issue 45): how many
// learned endpoints agree, were over-merged or under-merged, with the routes that did not.
import type { RouteAgreement } from '@argus/api';
import { useTraceAgreement } from '@argus/api/hooks';
import { formatNumber } from '@argus/ui';
import { styled } from 'styled-components';
import { Mono, Muted } from '../../shared/layout.js';
import { TemplateList } from '../../shared/TemplateList.js';
import { loadErrorText } from '../../shared/text.js';
import { Heading } from './source-layout.js';

/** Routes that disagree, shown at most. */
const SHOWN = 5;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  font-size: var(--font-size-sm);
`;

const Rows = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
`;

const VERDICT_TEXT: Record<RouteAgreement['verdict'], string> = {
  confirmed: 'confirmed',
  'over-merged': 'over-merged',
  'under-merged': 'under-merged',
  differs: 'read differently',
};

function Disagreement({ row }: { row: RouteAgreement }) {
  return (
    <li>
      <Mono>
        {row.method} {row.route}
      </Mono>{' '}
      {VERDICT_TEXT[row.verdict]}: discovery alone read <TemplateList templates={row.learned} />
      {row.joinedWith.length > 0 ? (
        <>
          {' '}
          (joined with <TemplateList templates={row.joinedWith} />)
        </>
      ) : null}
      {row.example ? (
        <Muted>
          {' '}
          e.g. <Mono>{row.example}</Mono>
        </Muted>
      ) : null}
    </li>
  );
}

export function TraceAgreementSummary({ domain }: { domain: string }) {
  const { data, error, isLoading } = useTraceAgreement(domain);
  let body;
  if (isLoading) body = <Muted>Loading templating agreement...</Muted>;
  else if (error || !data) body = <Muted role="alert">{loadErrorText('templating agreement', error)}</Muted>;
  else if (data.routes === 0)
    body = <Muted>No traced routes yet: a server span&apos;s http.route shows here once received.</Muted>;
  else {
    const off = data.byRoute.filter((r) => r.verdict !== 'confirmed');
    body = (
      <>
        <span>
          {formatNumber(data.confirmed)} of {formatNumber(data.routes)} traced routes agree with discovery;{' '}
          {formatNumber(data.overMerged)} over-merged, {formatNumber(data.underMerged)} under-merged
          {data.differs > 0 ? `, ${formatNumber(data.differs)} read differently` : ''}.
        </span>
        {off.length > 0 ? (
          <Rows aria-label="Routes discovery reads differently">
            {off.slice(0, SHOWN).map((r) => (
              <Disagreement key={`${r.method} ${r.route}`} row={r} />
            ))}
          </Rows>
        ) : null}
        {off.length > SHOWN ? <Muted>and {formatNumber(off.length - SHOWN)} more</Muted> : null}
      </>
    );
  }
  return (
    <Section aria-label="Templating agreement">
      <Heading>Templating agreement</Heading>
      {body}
    </Section>
  );
}
