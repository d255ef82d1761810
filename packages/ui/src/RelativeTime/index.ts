export { RelativeTime, type RelativeTimeProps } from './RelativeTime.js';
