export { Badge, type BadgeProps } from './Badge.js';
