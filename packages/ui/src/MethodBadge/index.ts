export { MethodBadge, methodTone, type MethodBadgeProps, type MethodBadgeVariant } from './MethodBadge.js';
