import { useDomains } from '@argus/api/hooks';
import { Card, DomainHighRiskCount, formatNumber, Skeleton } from '@argus/ui';
import { styled } from 'styled-components';
import { DomainName } from '../../shared/DomainName.js';
import { Muted } from '../../shared/layout.js';
import { loadErrorText } from '../../shared/text.js';

export const FeedList = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;

  & > li + li {
    border-top: 1px solid var(--color-border);
  }
`;

export const FeedItem = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  padding: var(--space-3) 0;
  min-width: 0;
`;

const Name = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
  font-weight: var(--font-weight-medium);
  overflow-wrap: anywhere;
`;

export function SkeletonFeed({ rows = 4 }: { rows?: number }) {
  return (
    <FeedList aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <FeedItem key={i}>
          <Skeleton width="60%" height={14} />
          <Skeleton width={64} height={18} />
        </FeedItem>
      ))}
    </FeedList>
  );
}

/** Per domain: name, endpoint count and the high-risk count coloured by size. */
export function DomainSummary() {
  const { data: domains, error, isLoading } = useDomains();
  return (
    <Card title="Domain Summary">
      {isLoading ? (
        <SkeletonFeed />
      ) : error ? (
        <Muted role="alert">{loadErrorText('domains', error)}</Muted>
      ) : !domains?.length ? (
        <Muted>No domains found</Muted>
      ) : (
        <FeedList>
          {domains.map((d) => (
            <FeedItem key={d.id}>
              <Name>
                <span>
                  <DomainName name={d.name} />
                </span>
                <Muted>
                  {formatNumber(d.numEndpoints)} {d.numEndpoints === 1 ? 'endpoint' : 'endpoints'}
                </Muted>
              </Name>
              <DomainHighRiskCount count={d.numRiskyEndpoints} />
            </FeedItem>
          ))}
        </FeedList>
      )}
    </Card>
  );
}
