'use client';

import { Badge } from '../Badge/Badge.js';
import { Button } from '../Button/Button.js';
import { Code, CurlRow, Exchange, Heading, List, Part, PartTitle } from './TestEvidence.styles.js';

/** One request and its answer, as an active test sent and received it (credentials redacted). */
export interface EvidenceExchange {
  /** Which step, e.g. "attack as bob". */
  label: string | null;
  request: { method: string; url: string; headers: Record<string, string>; body: string | null };
  /** Null when nothing came back (refused, timed out). */
  response: { status: number; headers: Record<string, string>; body: string } | null;
  /** One line that sends the same request again. */
  curl: string;
}

export interface TestEvidenceProps {
  /** The redacted request/response pairs that prove the result, in the order sent. */
  exchanges: readonly EvidenceExchange[];
  /** Copy a curl line; the button is hidden without it. */
  onCopyCurl?: (curl: string) => void;
}

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

const statusTone = (status: number) => (status >= 500 ? 'danger' : status >= 400 ? 'warning' : 'success');

/** The request/response pairs that prove (or failed to prove) a flaw, each with a curl line. */
export function TestEvidence({ exchanges, onCopyCurl }: TestEvidenceProps) {
  if (exchanges.length === 0) return <p>No requests recorded for this result.</p>;
  return (
    <List aria-label="Evidence">
      {exchanges.map((x, i) => {
        const request = [
          `${x.request.method} ${x.request.url}`,
          headerLines(x.request.headers),
          x.request.body ?? '',
        ]
          .filter(Boolean)
          .join('\n');
        return (
          <Exchange key={i}>
            <Heading>
              <span>
                {i + 1}. {x.label ?? 'Request'}
              </span>
              {x.response ? (
                <Badge tone={statusTone(x.response.status)} mono>
                  {x.response.status}
                </Badge>
              ) : (
                <Badge tone="neutral">No answer</Badge>
              )}
            </Heading>
            <Part>
              <PartTitle>Request</PartTitle>
              <Code tabIndex={0}>{request}</Code>
            </Part>
            {x.response && (
              <Part>
                <PartTitle>Response</PartTitle>
                <Code tabIndex={0}>
                  {[`HTTP ${x.response.status}`, headerLines(x.response.headers), '', x.response.body].join(
                    '\n',
                  )}
                </Code>
              </Part>
            )}
            <Part>
              <PartTitle>Reproduce</PartTitle>
              <CurlRow>
                <Code tabIndex={0}>{x.curl}</Code>
                {onCopyCurl && (
                  <Button size="sm" variant="secondary" onClick={() => onCopyCurl(x.curl)}>
                    Copy curl
                  </Button>
                )}
              </CurlRow>
            </Part>
          </Exchange>
        );
      })}
    </List>
  );
}
