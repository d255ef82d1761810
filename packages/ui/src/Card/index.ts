export { Card, CardTitle, type CardProps } from './Card.js';
