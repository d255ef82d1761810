// What every CLI command shares: its I/O, usage errors and argument parsing.
// Kept small: `argus --help` loads this and main.ts only.

export interface CliIO {
  stdin: AsyncIterable<string | Uint8Array>;
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** stderr is a terminal: show progress. */
  isTTY: boolean;
}

export class UsageError extends Error {}

export const DISCOVER_USAGE = `Usage:
  argus discover [--format auto|openapi|apache|nginx|aws|har] [--domain NAME] [--json]
                 [--fail-on critical|high|medium|low] [--workers N|auto] [--lock FILE]
                 [--openapi FILE] FILE...

  An endpoint inventory from OpenAPI documents, HAR files and access logs.
  --format NAME     how to read the files (default auto: detected per file)
  --domain NAME     the domain of log traffic that names none
  --json            the inventory as JSON, with read statistics
  --fail-on LEVEL   exit 1 when a finding is at or above LEVEL
  --workers N|auto  threads for big access logs (default 1)
  --lock FILE       also write the inventory lockfile (stable, sorted JSON; see docs/ci.md)
  --openapi FILE    also write the domain's inventory as OpenAPI 3.1 (YAML; JSON for .json);
                    with more than one domain, --domain names the one to describe
`;

export const PII_USAGE = `Usage:
  argus pii [--json] [FILE]

  PII in a text, with its type and span; reads stdin without FILE (or with -).
  --json            the matches as JSON
`;

export const USAGE = `Usage:
  argus-engine discover [--format auto|openapi|apache|nginx|aws|har] [--domain NAME] [--json] [--fail-on critical|high|medium|low] [--workers N|auto] [--lock FILE] [--openapi FILE] FILE...   (see: argus discover --help)
  argus-engine diff [--json] [--sarif FILE] [--fail-on LIST] OLD NEW   (see: argus diff --help)
  argus-engine pii [--json] [FILE]        (reads stdin without FILE; see: argus pii --help)
  argus test (--spec FILE | --from-log FILE) --base-url URL --identity NAME=TOKEN ...   (see: argus test --help)
`;

/** `--help` or `-h` before any `--`: the command prints its usage and exits 0. */
export function wantsHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

export interface ParsedArgs {
  flags: Map<string, string | true>;
  positional: string[];
}

export function parseArgs(
  argv: readonly string[],
  valued: readonly string[],
  boolean: readonly string[],
): ParsedArgs {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      if (valued.includes(name)) {
        const value = eq > 0 ? a.slice(eq + 1) : argv[++i];
        if (value === undefined) throw new UsageError(`--${name} needs a value`);
        flags.set(name, value);
      } else if (boolean.includes(name)) flags.set(name, true);
      else throw new UsageError(`Unknown option --${name}`);
    } else positional.push(a);
  }
  return { flags, positional };
}
