import type { MergeReason } from '@argus/api';
import { Badge, Card } from '@argus/ui';
import { styled } from 'styled-components';
import { Inline, Muted, Stack } from '../../shared/layout.js';

/** What each templating rule means, in a user's words. */
const RULE_TEXT: Record<MergeReason['rule'], string> = {
  cardinality: 'many values of one shape under one parent',
  'many-words': 'very many distinct words under one parent',
  'shared-structure': 'the values hold the same routes below them',
  prefix: 'prefixes in front of the same API (tenants)',
  locale: 'country or locale codes side by side, alone or in front of the same routes',
  capacity: 'more distinct values than the inventory keeps apart',
  'known-value': 'the same values were merged under another route, or at a position of the same name',
  'nested-values': 'names no API route uses, each under one parent value of a nested collection',
  vocabulary: 'beside a parameter, with words APIs do not use in routes',
  'mixed-conventions':
    'names written in several conventions, or joined names of no API word sharing a route, where the API keeps its collections',
  'sibling-structure': 'names marked as data (or beside a parameter) holding the same routes below them',
  'inside-parameter': 'an example value: every route below it is a route of the parameter beside it',
  'named-example':
    'an example value from documentation (named after its resource, or a sample name such as testCert or myConnection), used as the values beside it are',
  'many-routes': 'a busy value: it holds many of the routes of the parameter beside it',
  'joined-name':
    "a collection's children, names joined by a dash or underscore of words APIs do not use in routes",
  placeholder:
    "the parameter's name written where its value goes (documentation's placeholder, like resourceUri), holding the parameter's routes",
  'same-methods':
    'an instance: it answers the methods the parameter beside it answers, deletion included, on the same routes',
  'lone-value':
    'the one name seen in a nested collection, not a word APIs use in routes, holding a sub-collection of its own',
  'example-leaf':
    "a documentation example (a word like test or sample beside the collection's resource name) among a nested collection's names",
  'contained-names':
    'several names of words APIs do not use in routes, each holding only routes of the ids beside them',
  scored: "the templating model's score: the features of the names read as a parameter's values",
};

/** `score 0.83: siblingApiWords 0 (+0.00), upperCode 1 (+1.31)`: the model's own explanation. */
function scoreSummary(m: MergeReason): string | null {
  if (m.score === undefined) return null;
  const parts = (m.contributions ?? []).map(
    (c) => `${c.feature} ${c.value} (${c.contribution >= 0 ? '+' : ''}${c.contribution.toFixed(2)})`,
  );
  return `score ${m.score.toFixed(2)}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

/** `1 distinct value`, `212 distinct values`. */
const distinctValues = (n: number): string =>
  `${n.toLocaleString('en-US')} distinct value${n === 1 ? '' : 's'}`;

const Items = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: var(--space-3);
`;

const Values = styled.span`
  font-family: var(--font-mono);
  font-size: var(--font-size-sm);
  overflow-wrap: anywhere;
`;

function mergeSummary(m: MergeReason): string {
  const more = m.distinct > m.values.length ? `, … (${m.distinct.toLocaleString('en-US')} in all)` : '';
  return `${m.values.join(', ')}${more}`;
}

/**
 * Why positions of this endpoint's path are parameters: the templater merged
 * these distinct values by this rule (learned from traffic; declared templates
 * have none, and then the card is not shown).
 */
export function MergeReasons({ merges }: { merges: readonly MergeReason[] }) {
  if (merges.length === 0) return null;
  return (
    <Card title="Why These Parameters">
      <Items>
        {merges.map((m) => (
          <li key={m.parameter}>
            <Stack>
              <Inline>
                <Badge mono>{m.parameter}</Badge>
                <span>
                  merged {distinctValues(m.distinct)}: {RULE_TEXT[m.rule]}
                  {m.shared ? (
                    <>
                      {' '}
                      (<Values>{m.shared}</Values>)
                    </>
                  ) : null}
                </span>
              </Inline>
              <Muted>
                Values: <Values>{mergeSummary(m)}</Values>
              </Muted>
              {scoreSummary(m) ? (
                <Muted>
                  Model: <Values>{scoreSummary(m)}</Values>
                </Muted>
              ) : null}
            </Stack>
          </li>
        ))}
      </Items>
    </Card>
  );
}
