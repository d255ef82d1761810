import { formatShortDate } from '../format/format.js';
import { Code, Detail, Facts, Item, Items, Root, Title } from './EvidenceList.styles.js';

/** One piece of evidence: where a finding was seen, which rule fired, a redacted sample, when. */
export interface EvidenceItem {
  side?: 'request' | 'response';
  /** path, query, header, body, status, scheme, auth, method. */
  part?: string;
  /** Field path, header or parameter name. */
  field?: string;
  /** JSON pointer into the API description. */
  pointer?: string;
  rule: string;
  /** Already redacted by the server (`4111 •••• •••• 1111`). */
  sample?: string;
  detail?: string;
  firstSeen?: string;
  lastSeen?: string;
}

export interface EvidenceListProps {
  /** Where each finding was seen, which rule fired, a redacted sample and when. */
  items: readonly EvidenceItem[];
  /** Title of the list; also its accessible name (a group). */
  title?: string;
  /** Text when there is no evidence. */
  none?: string;
}

const PARTS: Record<string, string> = {
  path: 'path',
  query: 'query string',
  header: 'header',
  body: 'body',
  status: 'status',
  scheme: 'scheme',
  auth: 'credentials',
  method: 'method',
};

/** "Response body", "Request query string", "API description", "Operation". */
export function evidenceLocation(item: Pick<EvidenceItem, 'side' | 'part' | 'pointer'>): string {
  const part = item.part ? (PARTS[item.part] ?? item.part) : undefined;
  const side = item.side === 'request' ? 'Request' : item.side === 'response' ? 'Response' : undefined;
  const where = side ? (part ? `${side} ${part}` : side) : part ? part[0]!.toUpperCase() + part.slice(1) : '';
  if (item.pointer) return where ? `API description, ${where.toLowerCase()}` : 'API description';
  return where || 'Operation';
}

/** "Jan 5, 2025", or "Jan 5, 2025 – Jun 1, 2025" when first and last differ. */
export function evidenceSeen(item: Pick<EvidenceItem, 'firstSeen' | 'lastSeen'>): string | null {
  const first = item.firstSeen ? formatShortDate(item.firstSeen) : null;
  const last = item.lastSeen ? formatShortDate(item.lastSeen) : null;
  if (first && last) return first === last ? first : `${first} – ${last}`;
  return first ?? last;
}

/** A term and its value in code type; nothing when there is no value. */
function CodeFact({ label, value }: { label: string; value: string | undefined }) {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <Code>{value}</Code>
      </dd>
    </>
  );
}

/**
 * Why a finding was flagged, one block per piece of evidence: where it was seen
 * (and the field), the rule or validator that fired, the redacted sample, the
 * spec pointer and when it was first and last seen.
 */
export function EvidenceList({
  items,
  title = 'Why flagged',
  none = 'No evidence recorded',
}: EvidenceListProps) {
  return (
    <Root role="group" aria-label={title}>
      <Title aria-hidden="true">{title}</Title>
      {items.length === 0 ? (
        <Detail>{none}</Detail>
      ) : (
        <Items>
          {items.map((item, i) => {
            const seen = evidenceSeen(item);
            return (
              <Item key={`${item.rule}-${item.field ?? ''}-${i}`}>
                <Facts>
                  <dt>Where</dt>
                  <dd>
                    {evidenceLocation(item)}
                    {item.field ? (
                      <>
                        {' · '}
                        <Code>{item.field}</Code>
                      </>
                    ) : null}
                  </dd>
                  <CodeFact label="Rule" value={item.rule} />
                  <CodeFact label="Sample" value={item.sample} />
                  <CodeFact label="Spec" value={item.pointer} />
                  {seen ? (
                    <>
                      <dt>Seen</dt>
                      <dd>{seen}</dd>
                    </>
                  ) : null}
                </Facts>
                {item.detail ? <Detail>{item.detail}</Detail> : null}
              </Item>
            );
          })}
        </Items>
      )}
    </Root>
  );
}
