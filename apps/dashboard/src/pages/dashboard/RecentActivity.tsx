import { useActivities } from '@argus/api/hooks';
import { Button, Card, RelativeTime, SeverityDot } from '@argus/ui';
import { useState } from 'react';
import { styled } from 'styled-components';
import { Muted } from '../../shared/layout.js';
import { loadErrorText } from '../../shared/text.js';
import { FeedItem, FeedList, SkeletonFeed } from './DomainSummary.js';

const FIRST_ITEMS = 6;

const Entry = styled(FeedItem)`
  align-items: flex-start;
  justify-content: flex-start;
`;

const Dot = styled.span`
  padding-top: 6px;
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  flex: 1;
  /* Activity titles hold hosts and paths with no spaces: break them rather than widen the page. */
  overflow-wrap: anywhere;
`;

const Title = styled.span`
  font-weight: var(--font-weight-medium);
`;

/** The latest events; "View all activity" expands the list to everything loaded. */
export function RecentActivity() {
  const { data: activities, error, isLoading } = useActivities();
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? (activities ?? []) : (activities ?? []).slice(0, FIRST_ITEMS);
  return (
    <Card
      title="Recent Activity"
      actions={
        activities && activities.length > FIRST_ITEMS ? (
          <Button variant="ghost" size="sm" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
            {showAll ? 'Show less' : 'View all activity'}
          </Button>
        ) : undefined
      }
    >
      {isLoading ? (
        <SkeletonFeed />
      ) : error ? (
        <Muted role="alert">{loadErrorText('activity', error)}</Muted>
      ) : shown.length === 0 ? (
        <Muted>No recent activity</Muted>
      ) : (
        <FeedList>
          {shown.map((a) => (
            <Entry key={a.id}>
              <Dot>
                <SeverityDot severity={a.severity} />
              </Dot>
              <Body>
                <Title>{a.title}</Title>
                {a.description ? <Muted>{a.description}</Muted> : null}
                {a.domainName ? <Muted>{a.domainName}</Muted> : null}
              </Body>
              <RelativeTime date={a.createdAt} variant="long" />
            </Entry>
          ))}
        </FeedList>
      )}
    </Card>
  );
}
