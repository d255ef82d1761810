import { Mono } from './layout.js';

/** Path templates in a sentence, comma-separated, each in monospace. */
export function TemplateList({ templates }: { templates: readonly string[] }) {
  return templates.map((t, i) => (
    <span key={t}>
      {i > 0 ? ', ' : null}
      <Mono>{t}</Mono>
    </span>
  ));
}
