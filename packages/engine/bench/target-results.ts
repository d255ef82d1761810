// A partial bench run (`--target NAME`) keeps the other targets' figures: the
// rows and notes of the targets it measured replace theirs in the section of
// bench/RESULTS.md; the rest stay as the last run wrote them.

/** Table rows and notes of the section under `heading` in `text` (empty when absent). */
export function sectionLines(text: string, heading: string): { table: string[]; notes: string[] } {
  const start = text.indexOf(heading);
  if (start < 0) return { table: [], notes: [] };
  const next = text.indexOf('\n## ', start + heading.length);
  const lines = text.slice(start, next < 0 ? undefined : next).split('\n');
  const open = lines.indexOf('```');
  const close = lines.lastIndexOf('```');
  return {
    table: lines.filter((l) => l.startsWith('|')),
    notes: open >= 0 && close > open ? lines.slice(open + 1, close) : [],
  };
}

const rowName = (row: string) => row.split('|')[1]?.trim() ?? '';

/** Notes grouped by target: a `  name: …` line and the deeper-indented lines after it. */
function noteGroups(notes: string[]): { name: string; lines: string[] }[] {
  const groups: { name: string; lines: string[] }[] = [];
  for (const line of notes) {
    const head = /^ {2}([\w.-]+):/.exec(line);
    if (head || groups.length === 0) groups.push({ name: head?.[1] ?? '', lines: [line] });
    else groups.at(-1)!.lines.push(line);
  }
  return groups;
}

/** The section's table and notes with the measured targets' rows and notes put in place of the old ones. */
export function mergeTargets(
  old: { table: string[]; notes: string[] },
  fresh: { table: string[]; notes: string[] },
  measured: string[],
): { table: string[]; notes: string[] } {
  const [header, rule, ...rows] = fresh.table;
  const freshRows = new Map(rows.map((r) => [rowName(r), r]));
  const oldRows = old.table.slice(2);
  const table = oldRows.map((r) => (measured.includes(rowName(r)) ? (freshRows.get(rowName(r)) ?? r) : r));
  for (const [name, row] of freshRows) if (!oldRows.some((r) => rowName(r) === name)) table.push(row);
  const freshNotes = noteGroups(fresh.notes.filter(Boolean));
  const notes = noteGroups(old.notes).flatMap((g) =>
    measured.includes(g.name) ? freshNotes.filter((f) => f.name === g.name).flatMap((f) => f.lines) : g.lines,
  );
  for (const g of freshNotes)
    if (!noteGroups(old.notes).some((o) => o.name === g.name)) notes.push(...g.lines);
  return { table: [header ?? '', rule ?? '', ...table], notes };
}
