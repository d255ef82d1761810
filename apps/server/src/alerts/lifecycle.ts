// Alert lifecycle: which bulk action may move an alert from which status.
import type { AlertStatus, BulkAction } from '@argus/api';

export type Transition = { ok: true; to: AlertStatus } | { ok: false; reason: string };

const article = (status: AlertStatus) => (status === 'open' || status === 'acknowledged' ? 'an' : 'a');

export function transition(action: Exclude<BulkAction, 'assign'>, from: AlertStatus): Transition {
  switch (action) {
    case 'acknowledge':
      return from === 'open' ? { ok: true, to: 'acknowledged' } : refuse('acknowledge', from);
    case 'resolve':
      return from === 'open' || from === 'acknowledged'
        ? { ok: true, to: 'resolved' }
        : refuse('resolve', from);
    case 'suppress':
      return from === 'suppressed' ? refuse('suppress', from) : { ok: true, to: 'suppressed' };
  }
}

function refuse(verb: string, from: AlertStatus): Transition {
  return { ok: false, reason: `cannot ${verb} ${article(from)} ${from} alert` };
}
