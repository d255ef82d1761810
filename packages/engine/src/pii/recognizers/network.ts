// IP addresses (v4 and v6), not versions and not addresses inside a payload.
import ipaddr from 'ipaddr.js';
import { PAYLOAD_BEFORE_IP } from './context-words.js';
import { has, type Recognizer } from './recognizer.js';

export const ipv4: Recognizer = {
  name: 'ipv4',
  type: 'ip_address',
  tier: 1,
  pre: has('.'),
  pattern: /(?<![\w.:])(?:\d{1,3}\.){3}\d{1,3}(?![\w]|\.\d)/g,
  validate: (m, text, start) =>
    m.split('.').every((o) => Number(o) <= 255 && (o.length === 1 || o[0] !== '0')) &&
    !/(\bv|version)[\s:=]*["']?$/i.test(text.slice(Math.max(0, start - 12), start)) &&
    !PAYLOAD_BEFORE_IP.test(text.slice(Math.max(0, start - 40), start)) &&
    !/^(127\.|0\.0\.0\.0$|255\.255\.255\.255$)/.test(m),
};

export const ipv6: Recognizer = {
  name: 'ipv6',
  type: 'ip_address',
  tier: 1,
  pre: has(':'),
  pattern:
    /(?<![\w:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:(?:\d{1,3}\.){3}\d{1,3}(?![\d.])|[0-9A-Fa-f]{1,4})?(?:%[A-Za-z0-9]+)?(?![\w:]|\.\d)/g,
  validate: (m) => m.split(':').length >= 3 && ipaddr.IPv6.isValid(m.replace(/%.*$/, '')),
};
