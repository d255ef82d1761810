import type { Tone } from '../theme/tokens.js';
import { Badge } from '../Badge/Badge.js';

/** Standard colours: GET green; POST and DELETE red; PUT and PATCH primary. */
const standardTones: Record<string, Tone> = {
  GET: 'success',
  POST: 'danger',
  DELETE: 'danger',
  PUT: 'primary',
  PATCH: 'primary',
};

/** Dashboard-table colours: each of the five methods has its own. */
const tableTones: Record<string, Tone> = {
  GET: 'success',
  POST: 'info',
  PUT: 'warning',
  PATCH: 'purple',
  DELETE: 'danger',
};

export type MethodBadgeVariant = 'standard' | 'table';

export function methodTone(method: string, variant: MethodBadgeVariant = 'standard'): Tone {
  const key = method.toUpperCase();
  return (variant === 'table' ? tableTones[key] : standardTones[key]) ?? 'neutral';
}

export interface MethodBadgeProps {
  /** HTTP method; any other value gets a neutral badge. */
  method: string;
  /** `table`: the dashboard Top Risky Endpoints colours (one per method). */
  variant?: MethodBadgeVariant;
}

export function MethodBadge({ method, variant = 'standard' }: MethodBadgeProps) {
  const label = method.toUpperCase();
  return (
    <Badge tone={methodTone(label, variant)} mono data-method={label}>
      {label}
    </Badge>
  );
}
