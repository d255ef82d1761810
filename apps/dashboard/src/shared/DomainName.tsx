import { isSampleDomain } from '@argus/api';
import { Badge } from '@argus/ui';

/** Why the sample domain counts nowhere, for the badge's tooltip and the Domains row. */
export const SAMPLE_DOMAIN_NOTE =
  "Run Scan's sample traffic: no alerts or notifications, not in metrics or rankings";

/** The "Sample" badge that marks Run Scan's sample domain wherever it shows. */
export function SampleBadge() {
  return (
    <Badge tone="info" title={SAMPLE_DOMAIN_NOTE}>
      Sample
    </Badge>
  );
}

/** A domain's name, with the "Sample" badge when it is Run Scan's sample domain. */
export function DomainName({ name }: { name: string }) {
  return (
    <>
      {name}
      {isSampleDomain(name) ? (
        <>
          {' '}
          <SampleBadge />
        </>
      ) : null}
    </>
  );
}
